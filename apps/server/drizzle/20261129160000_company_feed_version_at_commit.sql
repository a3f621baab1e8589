-- A company or system post added moved the company feed's version inside its INSERT statement, so the transaction
-- held the feed's counter row from then to its COMMIT, and every other post of the workspace waited through the rest
-- of that transaction's round trips (`post-create` in bench/README.md). The version now moves at COMMIT (a deferred
-- constraint trigger, once per row added), by which time the transaction's own count update (posts/service.ts
-- `movePostCount`, the last statement of `createPost`) holds the row anyway. Removal keeps its statement trigger:
-- it is rare, and a whole workspace's posts deleted at once would queue a deferred event per row.
DROP TRIGGER "posts_company_feed_added" ON "posts";
--> statement-breakpoint
CREATE FUNCTION "company_feed_row_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_counts" SET "version" = "version" + 1
  WHERE "client_id" = NEW."client_id" AND "feed" = 'company' AND "key" = NEW."client_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_company_feed_added" AFTER INSERT ON "posts" DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW."parent_type" IN ('company', 'system')) EXECUTE FUNCTION "company_feed_row_added"();
