-- The read cache (platform/read-cache.ts) keeps answers of reads under the tenant's data version:
-- a count of the committed transactions that changed anything a read may show. A statement-level
-- trigger on every table (but the few below, which no cached read shows) notes a change once per
-- transaction, in the transaction itself: the count a statement reads includes a change exactly
-- when it sees that change's data (both commit together), so an answer cached under one count is
-- never served after a change. The count is kept in slots (the backend's pid mod 32) summed on
-- read, so concurrent writers of one tenant do not queue on one row. Tables with tenant_id count
-- in their tenant's scope (app.tenant_id; row-level security keeps their writes in it), the others
-- (tenants, reference data) and writes made with no tenant set in the global scope (the nil
-- uuid), which every tenant's version includes. The table lives in a schema the request role
-- cannot use: only these two SECURITY DEFINER functions read and write it.
CREATE SCHEMA IF NOT EXISTS app_private;
--> statement-breakpoint
CREATE TABLE app_private.data_changes (
  scope uuid NOT NULL,
  slot integer NOT NULL,
  changes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, slot)
);
--> statement-breakpoint
CREATE FUNCTION app_note_data_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  s uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_ARGV[0] = 'tenant' THEN
    s := coalesce(nullif(pg_catalog.current_setting('app.tenant_id', true), '')::uuid, s);
  END IF;
  -- once per transaction and scope (a local setting ends with the transaction, or with the savepoint rolled back)
  IF pg_catalog.current_setting('app.data_change_noted', true) = s::text THEN
    RETURN NULL;
  END IF;
  PERFORM pg_catalog.set_config('app.data_change_noted', s::text, true);
  INSERT INTO app_private.data_changes AS c (scope, slot, changes)
  VALUES (s, pg_catalog.pg_backend_pid() % 32, 1)
  ON CONFLICT (scope, slot) DO UPDATE SET changes = c.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_data_version() RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT coalesce(sum(changes), 0)::bigint FROM app_private.data_changes
   WHERE scope IN ('00000000-0000-0000-0000-000000000000',
                   coalesce(nullif(pg_catalog.current_setting('app.tenant_id', true), '')::uuid,
                            '00000000-0000-0000-0000-000000000000'))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_note_data_change() FROM PUBLIC;
--> statement-breakpoint
-- Every table but those no cached read shows: sign-in state (sessions, known devices, password
-- resets), the throttle's counters and "recently viewed" (written on every project view).
-- read-cache.int.test.ts fails for a new table without the trigger: add it with the new table.
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c
            WHERE c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace
              AND c.relname NOT IN ('sessions', 'known_devices', 'password_resets', 'throttle_counters', 'project_views')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER a_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION app_note_data_change(%L)',
      t,
      CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a
                         WHERE a.attrelid = format('public.%I', t)::regclass AND a.attname = 'tenant_id' AND NOT a.attisdropped)
           THEN 'tenant' ELSE 'global' END);
  END LOOP;
END $$;
