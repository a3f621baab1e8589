CREATE TABLE "shop_accruals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid,
	"amount" integer,
	"achievement_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"publish" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "shop_accruals_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_achievements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shop_achievements_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_balances" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"earned" integer DEFAULT 0 NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_balances_user_id_pk" PRIMARY KEY("user_id"),
	CONSTRAINT "shop_balances_amount_check" CHECK ("shop_balances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"start_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"rest" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_tenant_key" UNIQUE("client_id","id"),
	CONSTRAINT "shop_items_rest_check" CHECK ("shop_items"."rest" >= 0 AND "shop_items"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"accrual_id" uuid,
	"purchase_id" uuid,
	"author_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_ledger_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_managers" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "shop_managers_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shop_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cost" integer NOT NULL,
	"request_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_at" timestamp with time zone,
	"handed_by" uuid,
	CONSTRAINT "shop_purchases_tenant_key" UNIQUE("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"coin_short" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic" jsonb,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_accruals" ADD CONSTRAINT "shop_accruals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_accruals" ADD CONSTRAINT "shop_accruals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_accruals" ADD CONSTRAINT "shop_accruals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_accruals" ADD CONSTRAINT "shop_accruals_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_accruals" ADD CONSTRAINT "shop_accruals_achievement_id_fk" FOREIGN KEY ("client_id","achievement_id") REFERENCES "public"."shop_achievements"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_achievements" ADD CONSTRAINT "shop_achievements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_balances" ADD CONSTRAINT "shop_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_balances" ADD CONSTRAINT "shop_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_accrual_id_fk" FOREIGN KEY ("client_id","accrual_id") REFERENCES "public"."shop_accruals"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger" ADD CONSTRAINT "shop_ledger_purchase_id_fk" FOREIGN KEY ("client_id","purchase_id") REFERENCES "public"."shop_purchases"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_managers" ADD CONSTRAINT "shop_managers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_managers" ADD CONSTRAINT "shop_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_handed_by_users_id_fk" FOREIGN KEY ("handed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_item_id_fk" FOREIGN KEY ("client_id","item_id") REFERENCES "public"."shop_items"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_accruals_user_idx" ON "shop_accruals" USING btree ("client_id","user_id","created");--> statement-breakpoint
CREATE INDEX "shop_accruals_created_idx" ON "shop_accruals" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "shop_achievements_list_idx" ON "shop_achievements" USING btree ("client_id","created");--> statement-breakpoint
CREATE INDEX "shop_balances_amount_idx" ON "shop_balances" USING btree ("client_id","amount");--> statement-breakpoint
CREATE INDEX "shop_items_list_idx" ON "shop_items" USING btree ("client_id","sort");--> statement-breakpoint
CREATE INDEX "shop_ledger_user_idx" ON "shop_ledger" USING btree ("client_id","user_id","created");--> statement-breakpoint
CREATE INDEX "shop_ledger_created_idx" ON "shop_ledger" USING btree ("client_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_purchases_request_idx" ON "shop_purchases" USING btree ("client_id","user_id","request_id");--> statement-breakpoint
CREATE INDEX "shop_purchases_state_idx" ON "shop_purchases" USING btree ("client_id","handed_at","created");--> statement-breakpoint
CREATE INDEX "shop_purchases_created_idx" ON "shop_purchases" USING btree ("client_id","created");
