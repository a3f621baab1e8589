DROP INDEX "comments_author_idx";--> statement-breakpoint
DROP INDEX "post_mentions_user_idx";--> statement-breakpoint
DROP INDEX "posts_company_feed_idx";--> statement-breakpoint
DROP INDEX "posts_parent_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "posts_client_created_idx";--> statement-breakpoint
DROP INDEX "posts_thanks_idx";--> statement-breakpoint
DROP INDEX "posts_must_read_idx";--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("client_id","author_id","created");--> statement-breakpoint
CREATE INDEX "post_mentions_user_idx" ON "post_mentions" USING btree ("client_id","user_id","created");--> statement-breakpoint
CREATE INDEX "posts_company_feed_idx" ON "posts" USING btree ("client_id","created","id") WHERE "posts"."parent_type" IN ('company', 'system');--> statement-breakpoint
CREATE INDEX "posts_parent_idx" ON "posts" USING btree ("client_id","parent_type","parent_id","created","id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("client_id","author_id","created","id");--> statement-breakpoint
CREATE INDEX "posts_client_created_idx" ON "posts" USING btree ("client_id","created","id");--> statement-breakpoint
CREATE INDEX "posts_thanks_idx" ON "posts" USING btree ("client_id","created","id") WHERE "posts"."kind" = 'thanks';--> statement-breakpoint
CREATE INDEX "posts_must_read_idx" ON "posts" USING btree ("client_id","created","id") WHERE "posts"."must_read";