-- Quick search's word index (features/projects/match.ts). The trigram index answers
-- search_text LIKE '%term%' by intersecting the posting list of every trigram of the term; at
-- 1,000,000 projects a phrase of common words ('southern cross storage', ~20 trigrams) read
-- lists of hundreds of thousands of entries (66-230 ms) to count 1,001 matches. This index keys
-- each project by its words instead: the runs of 3+ letters a-z of search_text, each prefixed
-- with the tenant ('<tenant uuid> southern'), so a word's posting list holds only that tenant's
-- projects (no tenant key to intersect) and a term reads one short list per word.
-- A term word of letters a-z occurs in search_text only inside one such run, so the projects
-- containing it are those keyed by a vocabulary word containing it: exact, no recheck.
CREATE OR REPLACE FUNCTION app_search_words(tenant uuid, search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT tenant::text || ' ' || w), '{}')
    FROM regexp_split_to_table(search_text, '[^a-z]+') AS w
   WHERE length(w) >= 3
$$;
--> statement-breakpoint
-- Under row-level security a condition is an index condition only when its functions are
-- LEAKPROOF (see migration 0006): the word function (it cannot fail) and array overlap (&&).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION app_search_words(uuid, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.arrayoverlap(anyarray, anyarray) LEAKPROOF;
  ELSE
    RAISE WARNING 'siteflow: not a superuser, so quick search cannot use its word index under row-level security; ask an administrator to run: ALTER FUNCTION app_search_words(uuid, text) LEAKPROOF; ALTER FUNCTION pg_catalog.arrayoverlap(anyarray, anyarray) LEAKPROOF;';
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX "projects_search_words_idx" ON "projects" USING gin (app_search_words("tenant_id", "search_text"));
--> statement-breakpoint
-- The vocabulary (project_search_words, migration 0009) now also holds those runs ('abc' of
-- 'abc123', 'caf' of 'café'), so that every word the index keys a project by is in it: a term
-- word is looked up there to find the index keys that contain it.
CREATE OR REPLACE FUNCTION app_add_project_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search_words (tenant_id, word)
  SELECT n.tenant_id, w
    FROM new_rows n, regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3 AND w !~ '[0-9]'
  UNION
  SELECT n.tenant_id, w
    FROM new_rows n, regexp_split_to_table(n.search_text, '[^a-z]+') AS w
   WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO project_search_words (tenant_id, word)
SELECT DISTINCT p.tenant_id, w
  FROM projects p, regexp_split_to_table(p.search_text, '[^a-z]+') AS w
 WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
