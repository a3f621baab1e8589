CREATE TABLE "mailings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"action" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"schedule" text NOT NULL,
	"target" jsonb,
	"next_run" timestamp with time zone,
	"last_run" timestamp with time zone,
	"last_result" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailings_action_key" ON "mailings" USING btree ("client_id","action");--> statement-breakpoint
CREATE INDEX "mailings_due_idx" ON "mailings" USING btree ("next_run") WHERE "mailings"."next_run" IS NOT NULL;