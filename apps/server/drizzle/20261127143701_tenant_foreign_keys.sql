-- Generated, then ordered by hand: the keys `(client_id, id)` first, so the composite references that point at them
-- can be added. Adding a reference checks the rows already there: every one points at a row of its own workspace
-- (a row of another workspace would stop the migration here, naming the constraint).
ALTER TABLE "comments" ADD CONSTRAINT "comments_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "link_blocks" ADD CONSTRAINT "link_blocks_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "comment_reactions" DROP CONSTRAINT "comment_reactions_comment_id_comments_id_fk";
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "event_members" DROP CONSTRAINT "event_members_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "event_reminders_sent" DROP CONSTRAINT "event_reminders_sent_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_series_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "group_invitations" DROP CONSTRAINT "group_invitations_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "group_requests" DROP CONSTRAINT "group_requests_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "group_user_grants" DROP CONSTRAINT "group_user_grants_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "project_participants" DROP CONSTRAINT "project_participants_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_wall_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "links" DROP CONSTRAINT "links_block_id_link_blocks_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_id_notification_events_id_fk";
--> statement-breakpoint
ALTER TABLE "post_acks" DROP CONSTRAINT "post_acks_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "post_mentions" DROP CONSTRAINT "post_mentions_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "post_reactions" DROP CONSTRAINT "post_reactions_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "post_views" DROP CONSTRAINT "post_views_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "departments" DROP CONSTRAINT "departments_parent_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "dept_users" DROP CONSTRAINT "dept_users_dept_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_fk" FOREIGN KEY ("client_id","comment_id") REFERENCES "public"."comments"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_fk" FOREIGN KEY ("client_id","post_id") REFERENCES "public"."posts"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_members" ADD CONSTRAINT "event_members_event_id_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_event_id_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_fk" FOREIGN KEY ("client_id","series_id") REFERENCES "public"."events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_group_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."groups"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."groups"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_requests" ADD CONSTRAINT "group_requests_group_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."groups"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_user_grants" ADD CONSTRAINT "group_user_grants_group_id_fk" FOREIGN KEY ("client_id","group_id") REFERENCES "public"."groups"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_participants" ADD CONSTRAINT "project_participants_project_id_fk" FOREIGN KEY ("client_id","project_id") REFERENCES "public"."projects"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_wall_id_fk" FOREIGN KEY ("client_id","wall_id") REFERENCES "public"."groups"("client_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_block_id_fk" FOREIGN KEY ("client_id","block_id") REFERENCES "public"."link_blocks"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_fk" FOREIGN KEY ("client_id","notification_id") REFERENCES "public"."notifications"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_fk" FOREIGN KEY ("client_id","event_id") REFERENCES "public"."notification_events"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "post_acks" ADD CONSTRAINT "post_acks_post_id_fk" FOREIGN KEY ("client_id","post_id") REFERENCES "public"."posts"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_post_id_fk" FOREIGN KEY ("client_id","post_id") REFERENCES "public"."posts"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "post_reactions" ADD CONSTRAINT "post_reactions_post_id_fk" FOREIGN KEY ("client_id","post_id") REFERENCES "public"."posts"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_fk" FOREIGN KEY ("client_id","post_id") REFERENCES "public"."posts"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_fk" FOREIGN KEY ("client_id","parent_id") REFERENCES "public"."departments"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dept_users" ADD CONSTRAINT "dept_users_dept_id_fk" FOREIGN KEY ("client_id","dept_id") REFERENCES "public"."departments"("client_id","id") ON DELETE cascade ON UPDATE no action;
