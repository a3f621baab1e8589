CREATE TABLE "attempt_answers" (
	"client_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer_ids" uuid[] NOT NULL,
	"correct" boolean,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "course_lessons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"doc" jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "course_members" (
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due" date,
	"assigned_by" uuid,
	"assigned" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"learned_at" timestamp with time zone,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_members_course_id_user_id_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_members_status_check" CHECK ("course_members"."status" IN ('not_started', 'started', 'learned'))
);
--> statement-breakpoint
CREATE TABLE "course_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"showright" boolean DEFAULT true NOT NULL,
	"show_score" boolean DEFAULT true NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_answers" boolean DEFAULT false NOT NULL,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"pass_score" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_tests_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_tenant_key" UNIQUE("client_id","id"),
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" IN ('draft', 'appointed', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"client_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lesson_progress_lesson_id_user_id_pk" PRIMARY KEY("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"started" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"finished" timestamp with time zone,
	"timed_out" boolean DEFAULT false NOT NULL,
	"layout" jsonb NOT NULL,
	"total" integer NOT NULL,
	"correct" integer,
	"score" integer,
	"passed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "test_attempts_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"text" text NOT NULL,
	"answers" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_questions_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_fk" FOREIGN KEY ("client_id","attempt_id") REFERENCES "public"."test_attempts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_fk" FOREIGN KEY ("client_id","question_id") REFERENCES "public"."test_questions"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_course_id_fk" FOREIGN KEY ("client_id","course_id") REFERENCES "public"."courses"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_members" ADD CONSTRAINT "course_members_course_id_fk" FOREIGN KEY ("client_id","course_id") REFERENCES "public"."courses"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tests" ADD CONSTRAINT "course_tests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_tests" ADD CONSTRAINT "course_tests_course_id_fk" FOREIGN KEY ("client_id","course_id") REFERENCES "public"."courses"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_fk" FOREIGN KEY ("client_id","lesson_id") REFERENCES "public"."course_lessons"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_fk" FOREIGN KEY ("client_id","test_id") REFERENCES "public"."course_tests"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_fk" FOREIGN KEY ("client_id","test_id") REFERENCES "public"."course_tests"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_answers_question_idx" ON "attempt_answers" USING btree ("client_id","question_id");--> statement-breakpoint
CREATE INDEX "course_lessons_course_idx" ON "course_lessons" USING btree ("client_id","course_id","sort");--> statement-breakpoint
CREATE INDEX "course_members_user_idx" ON "course_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "course_members_course_idx" ON "course_members" USING btree ("client_id","course_id","status");--> statement-breakpoint
CREATE INDEX "course_tests_course_idx" ON "course_tests" USING btree ("client_id","course_id","sort");--> statement-breakpoint
CREATE INDEX "courses_list_idx" ON "courses" USING btree ("client_id","updated");--> statement-breakpoint
CREATE INDEX "lesson_progress_user_idx" ON "lesson_progress" USING btree ("client_id","course_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_number_idx" ON "test_attempts" USING btree ("test_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_running_idx" ON "test_attempts" USING btree ("test_id","user_id") WHERE "test_attempts"."finished" IS NULL;--> statement-breakpoint
CREATE INDEX "test_attempts_user_idx" ON "test_attempts" USING btree ("client_id","course_id","user_id");--> statement-breakpoint
CREATE INDEX "test_questions_test_idx" ON "test_questions" USING btree ("client_id","test_id","sort");
