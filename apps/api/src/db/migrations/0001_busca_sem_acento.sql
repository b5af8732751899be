-- Accent- and case-insensitive "contains" filters (CONTRACT.md): unaccent is not IMMUTABLE,
-- so an immutable wrapper lets expression indexes use it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS produto_nome_trgm_idx ON produto USING gin (f_unaccent(nome) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS produto_grupo_nome_trgm_idx ON produto_grupo USING gin (f_unaccent(nome) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS pessoa_nome_trgm_idx ON pessoa USING gin (f_unaccent(nome) gin_trgm_ops);
