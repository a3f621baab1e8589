ALTER TABLE "posts" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_pinned_idx" ON "posts" USING btree ("client_id","pinned_at") WHERE "posts"."pinned_at" IS NOT NULL;