CREATE TABLE "sign_in_names" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_names" ADD CONSTRAINT "sign_in_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_names_user_idx" ON "sign_in_names" USING btree ("user_id");--> statement-breakpoint
-- Hand-written from here (drizzle-kit does not model data fixes or triggers). On an existing database `users` is
-- under FORCE ROW LEVEL SECURITY: the system flag, local to the migration's transaction, lets the migrating role
-- see every row.
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
-- Existing data may hold a login equal to someone else's e-mail (case-folded). The person who joined the
-- installation first keeps the name: a newer person's login becomes "<login>.<last 12 hex digits of their id>",
-- a newer person's e-mail is cleared. docs/security-auth.md tells operators how to find the people affected.
UPDATE "users" AS a
SET "login" = left(a."login", 51) || '.' || right(replace(a."id"::text, '-', ''), 12)
FROM "users" AS b
WHERE lower(a."login") = lower(b."email") AND a."id" <> b."id" AND (a."created", a."id") > (b."created", b."id");
--> statement-breakpoint
UPDATE "users" AS b
SET "email" = NULL
FROM "users" AS a
WHERE lower(a."login") = lower(b."email") AND a."id" <> b."id" AND (b."created", b."id") > (a."created", a."id");
--> statement-breakpoint
INSERT INTO "sign_in_names" ("name", "user_id")
SELECT lower("login"), "id" FROM "users"
UNION
SELECT lower("email"), "id" FROM "users" WHERE "email" IS NOT NULL;
--> statement-breakpoint
-- Keeps a person's sign-in names on every write of login or e-mail, whichever code path writes. sign_in_names is
-- reachable only on the system path, so the function turns the system flag on for its own statements and puts the
-- caller's value back before returning (a function's SET clause cannot name a custom setting unless the role is a
-- superuser). When it raises, the statement fails and PostgreSQL undoes the flag with the (sub)transaction. It
-- touches nothing but the rows of NEW.id. A name held by someone else raises the unique violation under the name of
-- the users index the application already maps to "login taken" / "e-mail taken".
CREATE FUNCTION "users_sign_in_names"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  login_name text := lower(NEW."login");
  email_name text := lower(NEW."email");
  caller_flag text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "sign_in_names"
    WHERE "user_id" = NEW."id" AND "name" IS DISTINCT FROM login_name AND "name" IS DISTINCT FROM email_name;
  END IF;
  INSERT INTO "sign_in_names" ("name", "user_id") VALUES (login_name, NEW."id") ON CONFLICT ("name") DO NOTHING;
  IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM "sign_in_names" WHERE "name" = login_name AND "user_id" = NEW."id") THEN
    RAISE EXCEPTION 'this login is already someone''s sign-in name'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_login_key';
  END IF;
  IF email_name IS NOT NULL THEN
    INSERT INTO "sign_in_names" ("name", "user_id") VALUES (email_name, NEW."id") ON CONFLICT ("name") DO NOTHING;
    IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM "sign_in_names" WHERE "name" = email_name AND "user_id" = NEW."id") THEN
      RAISE EXCEPTION 'this e-mail is already someone''s sign-in name'
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_email_key';
    END IF;
  END IF;
  PERFORM set_config('app.system', caller_flag, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_sign_in_names" AFTER INSERT OR UPDATE OF "login", "email" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_sign_in_names"();
--> statement-breakpoint
-- A password change, whatever the path (profile, administrator, reset link), spends every open reset link.
-- The system flag as in users_sign_in_names: a superadmin's links belong to no workspace.
CREATE FUNCTION "users_password_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  caller_flag text := coalesce(current_setting('app.system', true), '');
BEGIN
  PERFORM set_config('app.system', 'on', true);
  UPDATE "password_resets" SET "used_at" = now() WHERE "user_id" = NEW."id" AND "used_at" IS NULL;
  PERFORM set_config('app.system', caller_flag, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_password_changed" AFTER UPDATE OF "password_hash" ON "users"
FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash")
EXECUTE FUNCTION "users_password_changed"();
--> statement-breakpoint
SELECT set_config('app.system', '', true);
