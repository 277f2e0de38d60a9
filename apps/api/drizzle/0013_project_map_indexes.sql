DROP INDEX "projects_tenant_client_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_manager_idx";--> statement-breakpoint
DROP INDEX "projects_tenant_geo_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating_performance" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating_customer" double precision;--> statement-breakpoint
CREATE INDEX "projects_tenant_dates_idx" ON "projects" USING btree ("tenant_id",(case when "end_date" is null then "start_date" else "end_date" end),(case when "start_date" is null then "end_date" else "start_date" end),"start_date","end_date","id","lat","lng");--> statement-breakpoint
CREATE INDEX "projects_tenant_rating_performance_idx" ON "projects" USING btree ("tenant_id","rating_performance","status","start_date","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_rating_customer_idx" ON "projects" USING btree ("tenant_id","rating_customer","status","start_date","id");--> statement-breakpoint
CREATE INDEX "projects_tenant_client_idx" ON "projects" USING btree ("tenant_id","client_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST,"status","lat","lng");--> statement-breakpoint
CREATE INDEX "projects_tenant_manager_idx" ON "projects" USING btree ("tenant_id","project_manager_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST,"status","lat","lng");--> statement-breakpoint
CREATE INDEX "projects_tenant_geo_idx" ON "projects" USING btree ("tenant_id","lat","lng","status","start_date","id");