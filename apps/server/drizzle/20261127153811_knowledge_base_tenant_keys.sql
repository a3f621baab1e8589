ALTER TABLE "article_favourites" DROP CONSTRAINT "article_favourites_article_id_articles_id_fk";
--> statement-breakpoint
ALTER TABLE "article_versions" DROP CONSTRAINT "article_versions_article_id_articles_id_fk";
--> statement-breakpoint
ALTER TABLE "article_views" DROP CONSTRAINT "article_views_article_id_articles_id_fk";
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_parent_id_articles_id_fk";
--> statement-breakpoint
ALTER TABLE "tag_links" DROP CONSTRAINT "tag_links_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_key" UNIQUE("client_id","id");
--> statement-breakpoint
ALTER TABLE "article_favourites" ADD CONSTRAINT "article_favourites_article_id_fk" FOREIGN KEY ("client_id","article_id") REFERENCES "public"."articles"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_fk" FOREIGN KEY ("client_id","article_id") REFERENCES "public"."articles"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "article_views" ADD CONSTRAINT "article_views_article_id_fk" FOREIGN KEY ("client_id","article_id") REFERENCES "public"."articles"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_parent_id_fk" FOREIGN KEY ("client_id","parent_id") REFERENCES "public"."articles"("client_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tag_links" ADD CONSTRAINT "tag_links_tag_id_fk" FOREIGN KEY ("client_id","tag_id") REFERENCES "public"."tags"("client_id","id") ON DELETE cascade ON UPDATE no action;
