-- Issue 14 section 2: a project's finance. project_finances holds the comments and the four totals
-- (kept by the finance save in the same transaction) that the finance report adds up per project
-- manager; project_finance_lines the revenue and expense lines, pulled lines keeping their source.
CREATE TABLE "project_finance_lines" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "project_finance_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'service' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"estimate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"actual" numeric(14, 2) DEFAULT '0' NOT NULL,
	"notes" text,
	"source" text,
	"source_id" bigint,
	CONSTRAINT "project_finance_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "project_finance_lines_values_check" CHECK ("project_finance_lines"."kind" in ('revenue', 'expense') and "project_finance_lines"."category" in ('product', 'service')
        and "project_finance_lines"."estimate" >= 0 and "project_finance_lines"."actual" >= 0
        and ("project_finance_lines"."source" is null or "project_finance_lines"."source" in ('quote', 'agreement')))
);
--> statement-breakpoint
CREATE TABLE "project_finances" (
	"tenant_id" uuid NOT NULL,
	"project_id" bigint NOT NULL,
	"comments" text,
	"total_revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_revenue_actual" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_expense" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_expense_actual" numeric(14, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_finances_tenant_id_project_id_pk" PRIMARY KEY("tenant_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "project_finance_lines" ADD CONSTRAINT "project_finance_lines_tenant_id_project_id_project_finances_tenant_id_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."project_finances"("tenant_id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_finances" ADD CONSTRAINT "project_finances_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_finance_lines_tenant_project_idx" ON "project_finance_lines" USING btree ("tenant_id","project_id","kind","position");
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
