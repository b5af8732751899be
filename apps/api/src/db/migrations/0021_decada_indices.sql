CREATE INDEX "romaneio_itens_produto_idx" ON "romaneio_itens" USING btree ("produto_id","romaneio_id");--> statement-breakpoint
-- The audit log filtered by entity name (a "contains" on cadastro, decision 0096): found through the name's trigrams, not by reading millions of rows.
CREATE INDEX IF NOT EXISTS logs_cadastro_trgm_idx ON logs USING gin (f_unaccent(cadastro) gin_trgm_ops);
--> statement-breakpoint
-- The new expression index's statistics at once (otherwise a frequent entity is planned as rare until autovacuum's next analyze).
ANALYZE logs;
