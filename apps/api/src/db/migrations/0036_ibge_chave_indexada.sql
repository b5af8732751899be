-- A municipality saved without an IBGE code looks its name up in IBGE's list (trigger municipio_codigo_ibge of
-- migration 0031). That lookup computed the key of every municipality of the state, once per row saved: 10,000
-- municipalities saved at once took minutes. Indexed by state and key, each lookup is one index probe.
-- The key's function names its schema: an index is built with only pg_catalog on the search path.
CREATE OR REPLACE FUNCTION municipio_chave_ibge(nome text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(public.f_unaccent(nome), '[^a-z]', '', 'g') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS ibge_municipio_chave_idx ON ibge_municipio (uf, municipio_chave_ibge(nome));
