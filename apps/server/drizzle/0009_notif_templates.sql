CREATE TABLE "notif_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"lang" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"short" text DEFAULT '' NOT NULL,
	"full" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notif_templates" ADD CONSTRAINT "notif_templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notif_templates_code_key" ON "notif_templates" USING btree ("client_id","code","lang");