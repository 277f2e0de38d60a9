CREATE TABLE "project_search_words" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "project_search_words_tenant_id_word_pk" PRIMARY KEY("tenant_id","word")
);
--> statement-breakpoint
CREATE INDEX "project_search_words_trgm_idx" ON "project_search_words" USING gin ("tenant_id","word" gin_trgm_ops);