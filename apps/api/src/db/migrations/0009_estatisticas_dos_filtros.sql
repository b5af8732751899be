-- "Contains" filters on numbers (a price's code or value, the quotation's values) match anywhere
-- from a handful of rows ("777") to nearly all ("1"); the planner estimates LIKE '%…%' from the
-- expression's statistics, and with the default 100-entry sample it took a rare code for a common one
-- (scanning the date order for 10,000 rows instead of reading the ~400 matches). A finer sample of the
-- indexed expressions lets it tell them apart (bench/run.ts).
ALTER INDEX precos_id_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_valor_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 2 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 3 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 4 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 5 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX precos_resumo_valores_trgm_idx ALTER COLUMN 6 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE precos;
--> statement-breakpoint
ANALYZE precos_resumo;
