-- How many projects the word index (migration 0032) keys by each word, kept in the vocabulary:
-- a word's posting list is as long as that, so quick search (features/projects/match.ts) reads
-- it only for words that are not too common ('street' or 'prj' are in nearly every project: the
-- trigram index of the whole term answers faster there). The count only steers that choice;
-- results never depend on it.
ALTER TABLE "project_search_words" ADD COLUMN "projects" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The triggers of migration 0009 (0032's version) are replaced by one per event. Each writes the
-- counts it changes in one INSERT ... ORDER BY tenant_id, word ... ON CONFLICT, which locks the
-- vocabulary rows in that order (two writers never wait on each other in a cycle). An UPDATE
-- looks only at the projects whose search_text changed: most updates touch nothing here.
-- The words of a project are app_search_words' (0032), less the '<tenant uuid> ' prefix (37
-- characters); the other vocabulary words (letters and digits runs without digits, 'café') are
-- added uncounted, as before.
DROP TRIGGER projects_search_words_on_insert ON projects;
--> statement-breakpoint
DROP TRIGGER projects_search_words_on_update ON projects;
--> statement-breakpoint
DROP FUNCTION app_add_project_search_words();
--> statement-breakpoint
CREATE FUNCTION app_search_words_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search_words AS v (tenant_id, word, projects)
  SELECT n.tenant_id, substr(k, 38), count(*)
    FROM new_rows n, unnest(app_search_words(n.tenant_id, n.search_text)) AS k
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (tenant_id, word) DO UPDATE SET projects = v.projects + excluded.projects;
  INSERT INTO project_search_words (tenant_id, word)
  SELECT DISTINCT n.tenant_id, w
    FROM new_rows n, regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_search_words_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE FUNCTION app_search_words_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search_words AS v (tenant_id, word, projects)
  SELECT o.tenant_id, substr(k, 38), -count(*)
    FROM old_rows o, unnest(app_search_words(o.tenant_id, o.search_text)) AS k
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (tenant_id, word) DO UPDATE SET projects = v.projects + excluded.projects;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_search_words_on_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_search_words_on_insert();
--> statement-breakpoint
CREATE TRIGGER projects_search_words_on_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_search_words_on_update();
--> statement-breakpoint
CREATE TRIGGER projects_search_words_on_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_search_words_on_delete();
--> statement-breakpoint
-- The existing projects (as the owner: a superuser reads every tenant's rows).
INSERT INTO project_search_words AS v (tenant_id, word, projects)
SELECT p.tenant_id, substr(k, 38), count(*)
  FROM projects p, unnest(app_search_words(p.tenant_id, p.search_text)) AS k
 GROUP BY 1, 2
ON CONFLICT (tenant_id, word) DO UPDATE SET projects = excluded.projects;
