-- The vocabulary of project search (project_search_words): the distinct words of search_text,
-- three letters or more and without digits (codes and order numbers are searched as they are).
-- Kept by statement-level triggers on projects, so bulk loads add their words in one statement.
-- Words are never removed: a stale word only makes a correction that then finds nothing.
CREATE OR REPLACE FUNCTION app_add_project_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search_words (tenant_id, word)
  SELECT DISTINCT n.tenant_id, w
    FROM new_rows n, regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_search_words_on_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_add_project_search_words();
--> statement-breakpoint
CREATE TRIGGER projects_search_words_on_update AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_add_project_search_words();
--> statement-breakpoint
-- Existing projects (as the owner: a superuser reads every tenant's rows).
INSERT INTO project_search_words (tenant_id, word)
SELECT DISTINCT p.tenant_id, w
  FROM projects p, regexp_split_to_table(p.search_text, '[^[:alnum:]]+') AS w
 WHERE length(w) >= 3 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Corrections look words up with pg_trgm's % (similarity_op): leakproof like the operators of
-- migration 0006, for the same reason and on the same terms.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION similarity_op(text, text) LEAKPROOF;
  ELSE
    RAISE WARNING 'siteflow: not a superuser; ask an administrator to run: ALTER FUNCTION similarity_op(text, text) LEAKPROOF;';
  END IF;
END $$;
--> statement-breakpoint
SELECT app_enforce_tenant_rls();
