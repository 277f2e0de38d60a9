DROP INDEX "projects_tenant_status_start_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_client_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_manager_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_provider_idx";--> statement-breakpoint
CREATE INDEX "projects_tenant_status_start_idx" ON "projects" USING btree ("tenant_id","status","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_tenant_client_idx" ON "projects" USING btree ("tenant_id","client_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_tenant_manager_idx" ON "projects" USING btree ("tenant_id","project_manager_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_tenant_provider_idx" ON "projects" USING btree ("tenant_id","service_provider_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);