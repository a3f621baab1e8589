CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"section" text NOT NULL,
	"link" text,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"recipients" jsonb NOT NULL,
	"group_key" text,
	"cursor" uuid,
	"delivered" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"section" text NOT NULL,
	"link" text,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"group_key" text,
	"others" integer DEFAULT 0 NOT NULL,
	"channels" text[] NOT NULL,
	"in_center" boolean DEFAULT true NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_pending_idx" ON "notification_events" USING btree ("created") WHERE done_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_user_key" ON "notification_settings" USING btree ("user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_client_key" ON "notification_settings" USING btree ("client_id") WHERE user_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notifications" USING btree ("event_id","user_id") WHERE group_key IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_group_key" ON "notifications" USING btree ("user_id","group_key") WHERE group_key IS NOT NULL AND NOT read;--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("user_id","section","created") WHERE in_center;--> statement-breakpoint
CREATE INDEX "notifications_all_idx" ON "notifications" USING btree ("user_id","created") WHERE in_center;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","section") WHERE in_center AND NOT read;