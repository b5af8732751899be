-- The unaccented, lower-case forms the price lists filter products and groups by, computed once per
-- row instead of once per row per query (f_unaccent is a dictionary lookup: on the ~150 products it
-- cost as much as the whole indexed page; bench/run.ts).
ALTER TABLE produto ADD COLUMN IF NOT EXISTS nome_busca text GENERATED ALWAYS AS (f_unaccent(nome)) STORED;
--> statement-breakpoint
ALTER TABLE produto ADD COLUMN IF NOT EXISTS embalagem_busca text GENERATED ALWAYS AS (f_unaccent(embalagem)) STORED;
--> statement-breakpoint
ALTER TABLE produto_grupo ADD COLUMN IF NOT EXISTS nome_busca text GENERATED ALWAYS AS (f_unaccent(nome)) STORED;
--> statement-breakpoint
ALTER TABLE produto_grupo ADD COLUMN IF NOT EXISTS un_padrao_busca text GENERATED ALWAYS AS (f_unaccent(un_padrao)) STORED;
