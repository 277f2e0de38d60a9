-- Row-level security for every tenant table, as a function later migrations call again.
CREATE OR REPLACE FUNCTION app_enforce_tenant_rls() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
           WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND a.attname = 'tenant_id' AND NOT a.attisdropped
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT app_enforce_tenant_rls();
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_client_fk FOREIGN KEY (tenant_id, client_id) REFERENCES clients (tenant_id, id);
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_service_provider_fk FOREIGN KEY (tenant_id, service_provider_id) REFERENCES service_providers (tenant_id, id);
--> statement-breakpoint
ALTER TABLE projects ADD CONSTRAINT projects_dates_order CHECK (start_date IS NULL OR end_date IS NULL OR end_date >= start_date);
--> statement-breakpoint
ALTER TABLE project_relations ADD CONSTRAINT project_relations_not_self CHECK (project_id <> linked_project_id);
