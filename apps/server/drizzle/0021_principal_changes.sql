-- The guard's principal cache (platform/access/principals.ts) forgets what it keeps of a person or a workspace as
-- soon as it changes, whatever the path (a module, an administrator's bulk action, a script, another process):
-- a change of a cached column notifies at commit (nothing on a rollback); `u:<id>` names one person, `*` says
-- forget everything (a workspace changed, a table emptied). Only the columns the principal lookup reads
-- (modules/users/principal.ts) and only real changes notify, so everyday writes of other columns cost nothing.
CREATE FUNCTION "principal_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' AND TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('hallway_principal', 'u:' || OLD."id");
  ELSE
    PERFORM pg_notify('hallway_principal', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_principal_changed" AFTER UPDATE ON "users" FOR EACH ROW
WHEN ((OLD."client_id", OLD."login", OLD."roles", OLD."rights", OLD."first_name", OLD."last_name", OLD."lang",
       OLD."deletion_mark", OLD."token_version")
  IS DISTINCT FROM (NEW."client_id", NEW."login", NEW."roles", NEW."rights", NEW."first_name", NEW."last_name",
       NEW."lang", NEW."deletion_mark", NEW."token_version"))
EXECUTE FUNCTION "principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_principal_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_principal_emptied" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
EXECUTE FUNCTION "principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "clients_principal_changed" AFTER UPDATE ON "clients" FOR EACH ROW
WHEN ((OLD."workspace", OLD."status", OLD."features") IS DISTINCT FROM (NEW."workspace", NEW."status", NEW."features"))
EXECUTE FUNCTION "principal_changed"();
--> statement-breakpoint
CREATE TRIGGER "clients_principal_deleted" AFTER DELETE OR TRUNCATE ON "clients" FOR EACH STATEMENT
EXECUTE FUNCTION "principal_changed"();
