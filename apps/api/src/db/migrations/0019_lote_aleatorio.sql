-- Random lot codes (decision 0107): 12 signs of '23456789ABCDEFGHJKLMNPQRSTUVWXYZ' (32 signs, so byte % 32 is
-- unbiased) from twelve of gen_random_uuid's fully random bytes (not its version and variant bytes 6 and 8).
CREATE OR REPLACE FUNCTION f_codigo_lote() RETURNS varchar
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (get_byte(u.b, t.i) % 32), 1), '' ORDER BY t.n)
    FROM (SELECT uuid_send(gen_random_uuid()) AS b) u, unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13]) WITH ORDINALITY AS t(i, n) $$;
--> statement-breakpoint
-- Added without a default first: items saved before keep a null code (their code stays 'romaneioIdRitemId').
ALTER TABLE "romaneio_itens" ADD COLUMN "codigo_lote" varchar(12);--> statement-breakpoint
ALTER TABLE "romaneio_itens" ALTER COLUMN "codigo_lote" SET DEFAULT f_codigo_lote();--> statement-breakpoint
ALTER TABLE "romaneio_itens" ADD CONSTRAINT "romaneio_itens_codigo_lote_uq" UNIQUE("codigo_lote");
