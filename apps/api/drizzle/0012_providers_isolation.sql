-- Row-level security on the new tenant tables (providers, ratings, certificates, documents).
SELECT app_enforce_tenant_rls();
--> statement-breakpoint
ALTER TABLE certificates ADD CONSTRAINT certificates_one_owner CHECK ((user_id IS NULL) <> (provider_id IS NULL));
--> statement-breakpoint
ALTER TABLE provider_availabilities ADD CONSTRAINT provider_availabilities_order CHECK (end_date >= start_date);
--> statement-breakpoint
ALTER TABLE provider_ratings ADD CONSTRAINT provider_ratings_range CHECK (rating >= 0 AND rating <= 5);
--> statement-breakpoint
ALTER TABLE service_providers ADD CONSTRAINT service_providers_ratings_range CHECK ((performance_rating IS NULL OR performance_rating BETWEEN 0 AND 5) AND (customer_rating IS NULL OR customer_rating BETWEEN 0 AND 5));
