-- Issue 11, the write: the triggers a save runs cost about as much as the save's own statements.
--
-- 1. The projects' three statement triggers on UPDATE (status totals 0033, map cells 0019, search
--    words 0034) become one, app_projects_on_update: one function call instead of three, and it
--    returns at once when no row changed what they keep (status, place, search text), as most
--    section saves (details, contacts, services) do not. The bookkeeping runs in the same order as
--    before (totals, cells, words: the order the three triggers ran in), so locks are taken in the
--    same order. The INSERT and DELETE triggers stay as they were (app_count_projects and
--    app_project_map_cells keep their UPDATE branch, which no trigger runs any more).
-- 2. a_data_change (0035) runs its function only when the transaction has not yet noted a change in
--    the scope: a WHEN condition is evaluated without calling PL/pgSQL, and a save's statements fire
--    the trigger about ten times (the links' delete and insert, the derived tables' upserts) where
--    one note is needed. The function keeps its own check, so the WHEN is only a short cut.
-- 3. projects_task_anchors (0022) runs for an UPDATE only when the status or a date changed (a
--    WHEN on the row), not for every update that names one of those columns.
CREATE FUNCTION app_projects_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
                  WHERE (n.status, n.lat, n.lng, n.search_text) IS DISTINCT FROM (o.status, o.lat, o.lng, o.search_text)) THEN
    RETURN NULL;
  END IF;
  -- The status totals (0033).
  INSERT INTO tenant_counters (tenant_id, name, value)
  SELECT tenant_id, name, sum(n) FROM (
    SELECT tenant_id, 'projects_status:' || status AS name, 1 AS n FROM new_rows
    UNION ALL
    SELECT tenant_id, 'projects_status:' || status, -1 FROM old_rows
  ) d
  GROUP BY tenant_id, name HAVING sum(n) <> 0 ORDER BY tenant_id, name
  ON CONFLICT (tenant_id, name) DO UPDATE SET value = tenant_counters.value + excluded.value;
  -- The map cells (0014, 0019).
  INSERT INTO project_map_cells AS c (tenant_id, level, status, cx, cy, n, sum_lat, sum_lng)
  SELECT * FROM (
    SELECT d.tenant_id, l.level, d.status,
           CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cx(d.lng, l.level) END AS cx,
           CASE WHEN d.lat IS NOT NULL AND d.lng IS NOT NULL THEN app_map_cy(d.lat, l.level) END AS cy,
           sum(d.dn)::int AS n,
           coalesce(sum(d.dn * d.lat) FILTER (WHERE d.lng IS NOT NULL), 0) AS sum_lat,
           coalesce(sum(d.dn * d.lng) FILTER (WHERE d.lat IS NOT NULL), 0) AS sum_lng
      FROM (SELECT v.* FROM old_rows o JOIN new_rows x ON x.tenant_id = o.tenant_id AND x.id = o.id
            CROSS JOIN LATERAL (VALUES (o.tenant_id, o.status, o.lat, o.lng, -1), (x.tenant_id, x.status, x.lat, x.lng, 1)) AS v(tenant_id, status, lat, lng, dn)
           WHERE (x.status, x.lat, x.lng) IS DISTINCT FROM (o.status, o.lat, o.lng)) AS d
     CROSS JOIN (VALUES (8::smallint), (12::smallint)) AS l(level)
     GROUP BY 1, 2, 3, 4, 5) cells
   WHERE n <> 0 OR sum_lat <> 0 OR sum_lng <> 0
   ORDER BY level, status, cx NULLS FIRST, cy NULLS FIRST
  ON CONFLICT (tenant_id, level, cx, cy, status) DO UPDATE
    SET n = c.n + excluded.n,
        sum_lat = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lat + excluded.sum_lat END,
        sum_lng = CASE WHEN c.n + excluded.n = 0 THEN 0 ELSE c.sum_lng + excluded.sum_lng END;
  -- The search words and their counts (0034).
  WITH changed AS (
    SELECT n.tenant_id, n.search_text AS now, o.search_text AS was
      FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
     WHERE n.search_text IS DISTINCT FROM o.search_text
  ), d AS (
    SELECT c.tenant_id, substr(k, 38) AS word, 1 AS n FROM changed c, unnest(app_search_words(c.tenant_id, c.now)) AS k
    UNION ALL
    SELECT c.tenant_id, substr(k, 38), -1 FROM changed c, unnest(app_search_words(c.tenant_id, c.was)) AS k
  )
  INSERT INTO project_search_words AS v (tenant_id, word, projects)
  SELECT tenant_id, word, sum(n) FROM d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
  ON CONFLICT (tenant_id, word) DO UPDATE SET projects = v.projects + excluded.projects;
  INSERT INTO project_search_words (tenant_id, word)
  SELECT DISTINCT n.tenant_id, w
    FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id,
         regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
   WHERE n.search_text IS DISTINCT FROM o.search_text AND length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER projects_counters_on_update ON projects;
--> statement-breakpoint
DROP TRIGGER projects_map_cells_on_update ON projects;
--> statement-breakpoint
DROP TRIGGER projects_search_words_on_update ON projects;
--> statement-breakpoint
DROP FUNCTION app_search_words_on_update();
--> statement-breakpoint
CREATE TRIGGER projects_derived_on_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_projects_on_update();
--> statement-breakpoint
DROP TRIGGER projects_task_anchors ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_task_anchors AFTER INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_task_anchors();
--> statement-breakpoint
CREATE TRIGGER projects_task_anchors_on_update AFTER UPDATE OF status, start_date, end_date, completed_on ON projects
  FOR EACH ROW WHEN ((OLD.status, OLD.start_date, OLD.end_date, OLD.completed_on)
                     IS DISTINCT FROM (NEW.status, NEW.start_date, NEW.end_date, NEW.completed_on))
  EXECUTE FUNCTION projects_task_anchors();
--> statement-breakpoint
-- Every a_data_change trigger again, the same but for the WHEN: the scope the function would note
-- ('tenant': app.tenant_id, or the nil uuid when none is set; 'global': the nil uuid) is already
-- noted in this transaction. A new table's migration adds it with
-- SELECT app_add_data_change_trigger('the_table'); (read-cache.int.test.ts checks every table).
CREATE FUNCTION app_add_data_change_trigger(t regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nil constant text := '00000000-0000-0000-0000-000000000000';
  tenant_scoped constant boolean := EXISTS (
    SELECT FROM pg_attribute a WHERE a.attrelid = t AND a.attname = 'tenant_id' AND NOT a.attisdropped);
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS a_data_change ON %s', t);
  EXECUTE format(
    'CREATE TRIGGER a_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s FOR EACH STATEMENT '
    'WHEN (pg_catalog.current_setting(''app.data_change_noted'', true) IS DISTINCT FROM %s) '
    'EXECUTE FUNCTION app_note_data_change(%L)',
    t,
    CASE WHEN tenant_scoped
         THEN format('coalesce(nullif(pg_catalog.current_setting(''app.tenant_id'', true), ''''), %L)', nil)
         ELSE quote_literal(nil) END,
    CASE WHEN tenant_scoped THEN 'tenant' ELSE 'global' END);
END $$;
--> statement-breakpoint
SELECT app_add_data_change_trigger(r) FROM (
  SELECT DISTINCT t.tgrelid::regclass AS r FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
   WHERE t.tgname = 'a_data_change' AND c.relnamespace = 'public'::regnamespace) AS noted;
