CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_members" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answer" text DEFAULT 'none' NOT NULL,
	"via" text DEFAULT 'person' NOT NULL,
	"department" text,
	"reminders" integer[] DEFAULT '{10}'::int[] NOT NULL,
	"answered" timestamp with time zone,
	CONSTRAINT "event_members_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_reminders_sent" (
	"client_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"sent" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_sent_event_id_occurrence_user_id_minutes_pk" PRIMARY KEY("event_id","occurrence","user_id","minutes")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"series_id" uuid,
	"occurrence" timestamp with time zone,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#228be6' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"rrule" text,
	"repeat" jsonb,
	"exdates" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"last_end" timestamp with time zone NOT NULL,
	"organizer_id" uuid NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"count_accept" integer DEFAULT 0 NOT NULL,
	"count_maybe" integer DEFAULT 0 NOT NULL,
	"count_decline" integer DEFAULT 0 NOT NULL,
	"count_none" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_members_user_idx" ON "event_members" USING btree ("client_id","user_id","event_id");--> statement-breakpoint
CREATE INDEX "event_reminders_sent_time_idx" ON "event_reminders_sent" USING btree ("sent");--> statement-breakpoint
CREATE INDEX "events_client_start_idx" ON "events" USING btree ("client_id","starts_at") WHERE rrule IS NULL;--> statement-breakpoint
CREATE INDEX "events_client_series_idx" ON "events" USING btree ("client_id","last_end") WHERE rrule IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("starts_at") WHERE rrule IS NULL;--> statement-breakpoint
CREATE INDEX "events_series_last_idx" ON "events" USING btree ("last_end") WHERE rrule IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_occurrence_key" ON "events" USING btree ("series_id","occurrence");