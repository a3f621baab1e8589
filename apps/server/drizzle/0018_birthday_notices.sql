CREATE TABLE "birthday_notices" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_notices_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "birthday_notices" ADD CONSTRAINT "birthday_notices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;