-- A company's legal setting keys differ by more than case: 'Terms' and 'terms' were both accepted
-- (' terms ' was refused: the key is trimmed first). The unique index on (tenant_id, key) becomes
-- one on (tenant_id, lower(key)), as clients' and providers' names; the create answers a 422 on
-- key (features/settings/service.ts) and the index settles a race.
--
-- Keys saved before that differ only by case keep the oldest; each later one gets '-2', '-3', ...
-- (the first that no key of the company has; still letters, digits, dots, dashes, underscores).
-- The owner reads every company's settings here: row-level security is forced on the table
-- (0001), so it is lifted for this statement's transaction and forced again after.
ALTER TABLE "settings" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
DECLARE
  d record;
  n integer;
  candidate text;
BEGIN
  FOR d IN
    SELECT tenant_id, id, key FROM (
      SELECT tenant_id, id, key,
             row_number() OVER (PARTITION BY tenant_id, lower(key) ORDER BY created_at, id) AS rn
        FROM settings
    ) s
    WHERE rn > 1
    ORDER BY tenant_id, lower(key), rn
  LOOP
    n := 2;
    LOOP
      candidate := d.key || '-' || n;
      EXIT WHEN NOT EXISTS (SELECT FROM settings WHERE tenant_id = d.tenant_id AND lower(key) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE settings SET key = candidate, updated_at = now() WHERE tenant_id = d.tenant_id AND id = d.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP INDEX "settings_tenant_key_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "settings_tenant_lower_key_key" ON "settings" USING btree ("tenant_id",lower("key"));
