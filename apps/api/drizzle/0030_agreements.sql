-- Issue 14 section 1: service provider agreements for an Accepted quote, and the sections each owns
-- at a contract price. A section belongs to at most one non-void agreement: the partial unique index
-- service_provider_agreement_sections_owner_key (tenant_id, section_id) WHERE active, with active set
-- false when the agreement is voided, so two concurrent saves cannot both own it. A provider holds at
-- most one non-void agreement per quote (service_provider_agreements_tenant_quote_provider_key).
CREATE TABLE "service_provider_agreement_sections" (
	"tenant_id" uuid NOT NULL,
	"agreement_id" bigint NOT NULL,
	"section_id" bigint NOT NULL,
	"contract_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_provider_agreement_sections_tenant_id_agreement_id_section_id_pk" PRIMARY KEY("tenant_id","agreement_id","section_id"),
	CONSTRAINT "service_provider_agreement_sections_price_check" CHECK ("service_provider_agreement_sections"."contract_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_provider_agreements" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_provider_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"service_provider_id" uuid,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"response" text,
	"response_reason" text,
	"response_at" timestamp with time zone,
	"response_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_provider_agreements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "service_provider_agreements_status_check" CHECK ("service_provider_agreements"."status" in ('Active', 'VOID')),
	CONSTRAINT "service_provider_agreements_response_check" CHECK ("service_provider_agreements"."response" is null or "service_provider_agreements"."response" in ('Accepted', 'Declined'))
);
--> statement-breakpoint
ALTER TABLE "service_provider_agreement_sections" ADD CONSTRAINT "service_provider_agreement_sections_tenant_id_agreement_id_service_provider_agreements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","agreement_id") REFERENCES "public"."service_provider_agreements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_agreement_sections" ADD CONSTRAINT "service_provider_agreement_sections_tenant_id_section_id_quote_sections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","section_id") REFERENCES "public"."quote_sections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_agreements" ADD CONSTRAINT "service_provider_agreements_tenant_id_quote_id_quotes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","quote_id") REFERENCES "public"."quotes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_agreements" ADD CONSTRAINT "service_provider_agreements_tenant_id_project_id_projects_tenant_id_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provider_agreements" ADD CONSTRAINT "service_provider_agreements_tenant_id_service_provider_id_service_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_provider_id") REFERENCES "public"."service_providers"("tenant_id","id") ON DELETE SET NULL ("service_provider_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_provider_agreement_sections_owner_key" ON "service_provider_agreement_sections" USING btree ("tenant_id","section_id") WHERE "service_provider_agreement_sections"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "service_provider_agreements_tenant_quote_number_key" ON "service_provider_agreements" USING btree ("tenant_id","quote_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "service_provider_agreements_tenant_quote_provider_key" ON "service_provider_agreements" USING btree ("tenant_id","quote_id","service_provider_id") WHERE "service_provider_agreements"."status" <> 'VOID' and "service_provider_agreements"."service_provider_id" is not null;--> statement-breakpoint
CREATE INDEX "service_provider_agreements_tenant_project_idx" ON "service_provider_agreements" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "service_provider_agreements_tenant_provider_idx" ON "service_provider_agreements" USING btree ("tenant_id","service_provider_id","updated_at") WHERE "service_provider_agreements"."service_provider_id" is not null;
--> statement-breakpoint
-- Row-level security on the new tenant tables (forced, tenant_id = app_current_tenant()).
SELECT app_enforce_tenant_rls();
