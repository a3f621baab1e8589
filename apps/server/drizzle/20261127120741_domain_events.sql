CREATE TABLE "domain_event_runs" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"client_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_runs_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"actor_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_events_created_index" ON "domain_events" USING btree ("created") WHERE done_at IS NULL;--> statement-breakpoint
CREATE INDEX "domain_events_client_id_created_index" ON "domain_events" USING btree ("client_id","created");
