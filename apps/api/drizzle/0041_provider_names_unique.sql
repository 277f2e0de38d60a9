-- A company's service providers have different names, whatever the case, as clients, tags,
-- categories and certificate types already do: 'sparkright electrical & data' was created next to
-- 'SparkRight Electrical & Data' (exact copies too). The create and edit answer a 422 on
-- service_provider_name (features/providers/write.ts); the unique index settles a race.
--
-- Duplicates saved before keep the oldest name; each later one gets ' (2)', ' (3)', ... (the first
-- number no provider of the company has), so the index can be built and nothing is lost. The
-- owner reads every company's providers here: row-level security is forced on the table (0001),
-- so it is lifted for this statement's transaction and forced again after.
ALTER TABLE "service_providers" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
DECLARE
  d record;
  n integer;
  candidate text;
BEGIN
  FOR d IN
    SELECT tenant_id, id, name FROM (
      SELECT tenant_id, id, name,
             row_number() OVER (PARTITION BY tenant_id, lower(name) ORDER BY created_at, id) AS rn
        FROM service_providers
    ) s
    WHERE rn > 1
    ORDER BY tenant_id, lower(name), rn
  LOOP
    n := 2;
    LOOP
      candidate := d.name || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT FROM service_providers WHERE tenant_id = d.tenant_id AND lower(name) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE service_providers SET name = candidate, updated_at = now() WHERE tenant_id = d.tenant_id AND id = d.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "service_providers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_tenant_name_key" ON "service_providers" USING btree ("tenant_id",lower("name"));
