CREATE TABLE "task_desk_people" (
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "task_desk_people_desk_id_user_id_pk" PRIMARY KEY("desk_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_desks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'active' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid,
	"finished_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_desks_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_lanes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"name" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_lanes_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"desk_id" uuid NOT NULL,
	"lane_id" uuid NOT NULL,
	"rank" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"performer_id" uuid,
	"co_performers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"observers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"author_id" uuid,
	"plan_date" date,
	"plan_hours" double precision,
	"actual_hours" double precision,
	"period_start" date,
	"period_end" date,
	"priority" text DEFAULT 'normal' NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"color" text,
	"border_color" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_with_desk" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"due_soon_noticed_at" timestamp with time zone,
	"overdue_noticed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_desk_people" ADD CONSTRAINT "task_desk_people_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_desk_people" ADD CONSTRAINT "task_desk_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_desk_people" ADD CONSTRAINT "task_desk_people_desk_id_fk" FOREIGN KEY ("client_id","desk_id") REFERENCES "public"."task_desks"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_desks" ADD CONSTRAINT "task_desks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_desks" ADD CONSTRAINT "task_desks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_task_id_fk" FOREIGN KEY ("client_id","task_id") REFERENCES "public"."tasks"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_lanes" ADD CONSTRAINT "task_lanes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_lanes" ADD CONSTRAINT "task_lanes_desk_id_fk" FOREIGN KEY ("client_id","desk_id") REFERENCES "public"."task_desks"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_desk_id_fk" FOREIGN KEY ("client_id","desk_id") REFERENCES "public"."task_desks"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lane_id_fk" FOREIGN KEY ("client_id","lane_id") REFERENCES "public"."task_lanes"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_desk_people_person_idx" ON "task_desk_people" USING btree ("client_id","user_id","role","desk_id");--> statement-breakpoint
CREATE INDEX "task_desks_project_idx" ON "task_desks" USING btree ("client_id","project_id","updated") WHERE "task_desks"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "task_desks_type_idx" ON "task_desks" USING btree ("client_id","type","updated");--> statement-breakpoint
CREATE INDEX "task_history_task_idx" ON "task_history" USING btree ("task_id","created");--> statement-breakpoint
CREATE INDEX "task_lanes_desk_idx" ON "task_lanes" USING btree ("desk_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_lane_rank_key" ON "tasks" USING btree ("lane_id","rank");--> statement-breakpoint
CREATE INDEX "tasks_desk_idx" ON "tasks" USING btree ("desk_id","status","plan_date");--> statement-breakpoint
CREATE INDEX "tasks_performer_idx" ON "tasks" USING btree ("client_id","performer_id","status");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("plan_date") WHERE "tasks"."status" = 'open' AND "tasks"."plan_date" IS NOT NULL AND "tasks"."overdue_noticed_at" IS NULL;
