CREATE TABLE "service_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_groups_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"step_id" uuid,
	"actor_id" uuid,
	"action" text NOT NULL,
	"reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_queue" (
	"client_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "service_request_queue_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_request_steps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"review" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"performers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text NOT NULL,
	"decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"service_id" uuid,
	"name" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"department_id" uuid,
	"fields" jsonb NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_step_id" uuid,
	"current_position" integer,
	"current_performers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"steps_count" integer NOT NULL,
	"due_date" date,
	"reminded_before_at" timestamp with time zone,
	"reminded_due_at" timestamp with time zone,
	"overdue_noticed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "service_requests_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"recipients" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"service_id" uuid,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"department_id" uuid,
	"days_limit" integer,
	"for_all" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"article_id" uuid,
	"owners" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_groups" ADD CONSTRAINT "service_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_request_id_fk" FOREIGN KEY ("client_id","request_id") REFERENCES "public"."service_requests"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_queue" ADD CONSTRAINT "service_request_queue_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_queue" ADD CONSTRAINT "service_request_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_queue" ADD CONSTRAINT "service_request_queue_request_id_fk" FOREIGN KEY ("client_id","request_id") REFERENCES "public"."service_requests"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_steps" ADD CONSTRAINT "service_request_steps_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_steps" ADD CONSTRAINT "service_request_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_steps" ADD CONSTRAINT "service_request_steps_request_id_fk" FOREIGN KEY ("client_id","request_id") REFERENCES "public"."service_requests"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_service_id_fk" FOREIGN KEY ("client_id","service_id") REFERENCES "public"."services"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_settings" ADD CONSTRAINT "service_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_group_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."service_groups"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_groups_client_idx" ON "service_groups" USING btree ("client_id","sort","name");--> statement-breakpoint
CREATE INDEX "service_request_history_request_idx" ON "service_request_history" USING btree ("request_id","created");--> statement-breakpoint
CREATE INDEX "service_request_queue_person_idx" ON "service_request_queue" USING btree ("client_id","user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_request_steps_position_key" ON "service_request_steps" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "service_requests_requester_idx" ON "service_requests" USING btree ("client_id","requester_id","created");--> statement-breakpoint
CREATE INDEX "service_requests_table_idx" ON "service_requests" USING btree ("client_id","service_id","created","id");--> statement-breakpoint
CREATE INDEX "service_requests_status_idx" ON "service_requests" USING btree ("client_id","service_id","status","created");--> statement-breakpoint
CREATE INDEX "service_requests_due_idx" ON "service_requests" USING btree ("due_date") WHERE "service_requests"."status" = 'active' AND "service_requests"."due_date" IS NOT NULL AND "service_requests"."overdue_noticed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "services_catalogue_idx" ON "services" USING btree ("client_id","group_id","name");--> statement-breakpoint
CREATE INDEX "services_article_idx" ON "services" USING btree ("client_id","article_id") WHERE "services"."article_id" IS NOT NULL;
