DROP INDEX "service_providers_tenant_lat_idx";--> statement-breakpoint
DROP INDEX "certificates_tenant_provider_idx";--> statement-breakpoint
CREATE INDEX "service_providers_tenant_geo_idx" ON "service_providers" USING btree ("tenant_id","lat","lng","status_code","performance_rating","id","name");--> statement-breakpoint
CREATE INDEX "certificates_tenant_provider_idx" ON "certificates" USING btree ("tenant_id","provider_id","type_id","expiry");