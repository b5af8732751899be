-- Custom SQL migration (drizzle-kit generate --custom). Issue 12 part 4: the piece counts of migration
-- 0010 go away. A list's total is now counted up to a cap (lib/list.ts, TOTAL_MAXIMO), which bounds
-- what a "contains" filter matching most rows costs without a table kept by triggers on every write.
DROP TRIGGER IF EXISTS contagem_trecho_ins ON precos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_upd ON precos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_del ON precos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_trunc ON precos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_ins ON precos_resumo;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_upd ON precos_resumo;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_del ON precos_resumo;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contagem_trecho_trunc ON precos_resumo;
--> statement-breakpoint
DROP FUNCTION IF EXISTS contagem_trecho_trg();
--> statement-breakpoint
DROP FUNCTION IF EXISTS contagem_trecho_truncate_trg();
--> statement-breakpoint
DROP FUNCTION IF EXISTS contagem_trecho_textos(text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS contagem_trecho_somar(text, text[], text[], int);
--> statement-breakpoint
DROP FUNCTION IF EXISTS trechos_curtos(text);
--> statement-breakpoint
DROP TABLE IF EXISTS contagem_trecho_campo;
--> statement-breakpoint
DROP TABLE IF EXISTS contagem_trecho;
