ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;