CREATE TABLE "poll_participants" (
	"client_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date DEFAULT current_date NOT NULL,
	CONSTRAINT "poll_participants_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "poll_responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid,
	"answered" timestamp with time zone,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"questions" jsonb NOT NULL,
	"allow_change" boolean DEFAULT false NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "poll_participants" ADD CONSTRAINT "poll_participants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_participants" ADD CONSTRAINT "poll_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_participants" ADD CONSTRAINT "poll_participants_poll_id_fk" FOREIGN KEY ("client_id","poll_id") REFERENCES "public"."polls"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_poll_id_fk" FOREIGN KEY ("client_id","poll_id") REFERENCES "public"."polls"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_responses_person_key" ON "poll_responses" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE INDEX "poll_responses_poll_idx" ON "poll_responses" USING btree ("poll_id","id");--> statement-breakpoint
CREATE INDEX "polls_newest_idx" ON "polls" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "polls_deadline_idx" ON "polls" USING btree ("deadline") WHERE "polls"."finished_at" IS NULL AND "polls"."deadline" IS NOT NULL;
