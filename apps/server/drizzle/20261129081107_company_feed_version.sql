-- The company feed's first page is kept in memory (modules/posts/feed-cache.ts) and served only while the version
-- on the feed's counter row is the one it was read at. The version moves on (the company row is never deleted but
-- with its workspace, so a value never comes back) whenever what that page shows may have changed, on any path: a
-- company or system post added or removed, one of them changed beyond its counters (likes, reactions, comments,
-- views and acknowledgements are read fresh with every page), a pin, a person's card (name, position, picture).
ALTER TABLE "post_counts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "company_feed_changed_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_counts" c SET "version" = c."version" + 1
  FROM (SELECT DISTINCT "client_id" FROM changed WHERE "parent_type" IN ('company', 'system')) w
  WHERE c."client_id" = w."client_id" AND c."feed" = 'company' AND c."key" = w."client_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_company_feed_added" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "company_feed_changed_rows"();
--> statement-breakpoint
CREATE TRIGGER "posts_company_feed_removed" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "company_feed_changed_rows"();
--> statement-breakpoint
CREATE FUNCTION "company_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_counts" SET "version" = "version" + 1
  WHERE "client_id" = NEW."client_id" AND "feed" = 'company' AND "key" = NEW."client_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_company_feed_changed" AFTER UPDATE ON "posts" FOR EACH ROW
WHEN ((OLD."parent_type" IN ('company', 'system') OR NEW."parent_type" IN ('company', 'system'))
  AND (OLD."client_id", OLD."parent_type", OLD."parent_id", OLD."parent_where", OLD."kind", OLD."author_id", OLD."text",
       OLD."doc", OLD."mentions", OLD."attachments", OLD."must_read", OLD."created", OLD."updated", OLD."edited",
       OLD."pinned_at")
  IS DISTINCT FROM (NEW."client_id", NEW."parent_type", NEW."parent_id", NEW."parent_where", NEW."kind",
       NEW."author_id", NEW."text", NEW."doc", NEW."mentions", NEW."attachments", NEW."must_read", NEW."created",
       NEW."updated", NEW."edited", NEW."pinned_at"))
EXECUTE FUNCTION "company_feed_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_company_feed_changed" AFTER UPDATE ON "users" FOR EACH ROW
WHEN (NEW."client_id" IS NOT NULL AND (OLD."client_id", OLD."first_name", OLD."last_name", OLD."position", OLD."pics")
  IS DISTINCT FROM (NEW."client_id", NEW."first_name", NEW."last_name", NEW."position", NEW."pics"))
EXECUTE FUNCTION "company_feed_changed"();
