-- Works and materials (issue 13): the catalogue a quote's line items are picked from.
CREATE TABLE "work_items" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "work_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"item_code" text,
	"supplier_name" text,
	"unit_sell_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "work_items_tenant_name_code_idx" ON "work_items" USING btree ("tenant_id",lower("name"),"item_code","id");--> statement-breakpoint
CREATE INDEX "work_items_tenant_created_idx" ON "work_items" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
-- Row-level security on the new tenant table (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
