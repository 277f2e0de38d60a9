DROP INDEX "projects_tenant_status_start_idx";--> statement-breakpoint
CREATE INDEX "project_tags_tenant_tag_idx" ON "project_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_tenant_seq_key" ON "projects" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE INDEX "projects_tenant_name_idx" ON "projects" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_client_name_idx" ON "projects" USING btree ("tenant_id","client_name","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_created_idx" ON "projects" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_status_start_idx" ON "projects" USING btree ("tenant_id","status","start_date","id");