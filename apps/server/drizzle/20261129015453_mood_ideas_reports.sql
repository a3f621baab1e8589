CREATE TABLE "feedback_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"anonymous" boolean NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"code_hash" text,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_items_tenant_key" UNIQUE("client_id","id"),
	CONSTRAINT "feedback_items_anonymous_check" CHECK (NOT "feedback_items"."anonymous" OR ("feedback_items"."author_id" IS NULL AND "feedback_items"."author_name" = ''))
);
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"from_recipient" boolean NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_recipients" (
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "feedback_recipients_client_id_kind_user_id_pk" PRIMARY KEY("client_id","kind","user_id")
);
--> statement-breakpoint
CREATE TABLE "mood_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"min_answers" integer NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mood" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moods_mood_check" CHECK ("moods"."mood" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "feedback_items" ADD CONSTRAINT "feedback_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_items" ADD CONSTRAINT "feedback_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_item_id_fk" FOREIGN KEY ("client_id","item_id") REFERENCES "public"."feedback_items"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_recipients" ADD CONSTRAINT "feedback_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_recipients" ADD CONSTRAINT "feedback_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mood_settings" ADD CONSTRAINT "mood_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moods" ADD CONSTRAINT "moods_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moods" ADD CONSTRAINT "moods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_items_inbox_idx" ON "feedback_items" USING btree ("client_id","kind","created","id");--> statement-breakpoint
CREATE INDEX "feedback_items_author_idx" ON "feedback_items" USING btree ("client_id","author_id","kind","created");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_items_code_idx" ON "feedback_items" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_messages_position_idx" ON "feedback_messages" USING btree ("client_id","item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "moods_person_day_idx" ON "moods" USING btree ("client_id","user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "moods_day_idx" ON "moods" USING btree ("client_id","day","id");
