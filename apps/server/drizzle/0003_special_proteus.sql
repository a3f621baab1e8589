ALTER TABLE "users" ADD COLUMN "hrm_data" jsonb;--> statement-breakpoint
CREATE INDEX "users_client_inn_idx" ON "users" USING btree ("client_id","inn");--> statement-breakpoint
CREATE INDEX "users_files_idx" ON "users" USING gin ("files" jsonb_path_ops);