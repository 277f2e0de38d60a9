-- Tenant isolation: row-level security, enabled and forced, on every table that has tenant_id.
-- Requests run as a role that owns nothing and cannot bypass RLS; each transaction sets app.tenant_id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
DO $$
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
ALTER TABLE tenants ADD CONSTRAINT tenants_slug_by_kind CHECK ((kind = 'platform') = (slug IS NULL));
--> statement-breakpoint
INSERT INTO tenants (id, kind, slug, customer_name, email, first_name, last_name)
VALUES ('00000000-0000-4000-8000-000000000000', 'platform', NULL, 'Siteflow', 'platform@siteflow.local', 'Platform', 'Admin')
ON CONFLICT DO NOTHING;
