-- Quotes (issue 13 section 1): a project's quotes, their ordered sections and line items. Money is
-- numeric(12,2), quantities numeric(12,3). At most one Accepted quote per project (partial unique
-- index). The SET NULL key names its column (PostgreSQL 15+), so tenant_id is never cleared.
CREATE TABLE "quote_line_items" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_line_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	"general_notes" text,
	"supplied_by" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_sell_price" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"work_item_id" bigint,
	"product_code" text,
	"supplier_name" text,
	"order_status" text,
	"company_purchase_order_reference" text,
	"eta" date,
	"consignment_tracking_link" text,
	CONSTRAINT "quote_line_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quote_line_items_values_check" CHECK ("quote_line_items"."category" in ('Service', 'Product', 'Other') and "quote_line_items"."supplied_by" in ('Client', 'Company', 'Other')
        and "quote_line_items"."quantity" >= 0 and "quote_line_items"."unit_sell_price" >= 0 and "quote_line_items"."unit_cost" >= 0
        and ("quote_line_items"."order_status" is null or "quote_line_items"."order_status" in ('Unknown', 'Pending', 'Ordered', 'Delivered')))
);
--> statement-breakpoint
CREATE TABLE "quote_sections" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"note" text,
	CONSTRAINT "quote_sections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"note" text,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('Draft', 'Accepted', 'Rejected', 'Void'))
);
--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_tenant_id_quote_id_quotes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","quote_id") REFERENCES "public"."quotes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_tenant_id_section_id_quote_sections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","section_id") REFERENCES "public"."quote_sections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_tenant_id_work_item_id_work_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","work_item_id") REFERENCES "public"."work_items"("tenant_id","id") ON DELETE SET NULL ("work_item_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_sections" ADD CONSTRAINT "quote_sections_tenant_id_quote_id_quotes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","quote_id") REFERENCES "public"."quotes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_line_items_tenant_section_idx" ON "quote_line_items" USING btree ("tenant_id","section_id","position");--> statement-breakpoint
CREATE INDEX "quote_line_items_tenant_quote_idx" ON "quote_line_items" USING btree ("tenant_id","quote_id");--> statement-breakpoint
CREATE INDEX "quote_line_items_tenant_work_item_idx" ON "quote_line_items" USING btree ("tenant_id","work_item_id") WHERE "quote_line_items"."work_item_id" is not null;--> statement-breakpoint
CREATE INDEX "quote_sections_tenant_quote_idx" ON "quote_sections" USING btree ("tenant_id","quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_tenant_project_number_revision_key" ON "quotes" USING btree ("tenant_id","project_id","number","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_tenant_project_accepted_key" ON "quotes" USING btree ("tenant_id","project_id") WHERE "quotes"."status" = 'Accepted';
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
