CREATE TABLE "journal" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"width" integer,
	"height" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "module_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"module" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_start" timestamp with time zone NOT NULL,
	"session_end" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"director" text DEFAULT '' NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"storage_size" bigint DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"inn" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"sidepanel" text DEFAULT '' NOT NULL,
	"colors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"font" text DEFAULT '' NOT NULL,
	"menu" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_page" text DEFAULT 'company' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lms_admins" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"client_id" uuid NOT NULL,
	"follower_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_user_id_pk" PRIMARY KEY("follower_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"login" text NOT NULL,
	"email" text,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"rights" jsonb NOT NULL,
	"lang" text,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"phone" text DEFAULT '' NOT NULL,
	"internal_phone" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"inn" text DEFAULT '' NOT NULL,
	"kpp" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"cabinet" text DEFAULT '' NOT NULL,
	"chief_code" text DEFAULT '' NOT NULL,
	"chief" uuid,
	"department" text DEFAULT '' NOT NULL,
	"working_since" date,
	"gender" text DEFAULT 'not selected' NOT NULL,
	"vacation_days" real DEFAULT 0 NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hr_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_text" text DEFAULT '' NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"pinned_num" integer,
	"deletion_mark" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || middle_name || ' ' || position || ' ' || department || ' ' || phone || ' ' || internal_phone || ' ' || coalesce(email, '') || ' ' || city)) STORED,
	"external_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_client_id_created_index" ON "journal" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "files_client_id_created_index" ON "files" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "outbox_client_id_created_index" ON "outbox" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "module_visits_client_id_visited_at_index" ON "module_visits" USING btree ("client_id","visited_at");--> statement-breakpoint
CREATE INDEX "visitor_sessions_client_id_session_start_index" ON "visitor_sessions" USING btree ("client_id","session_start");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_workspace_key" ON "clients" USING btree (lower("workspace"));--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_client_name_idx" ON "users" USING btree ("client_id","deletion_mark","last_name","first_name");