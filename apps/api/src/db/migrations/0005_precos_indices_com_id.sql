DROP INDEX "precos_produto_data_idx";--> statement-breakpoint
DROP INDEX "precos_data_idx";--> statement-breakpoint
CREATE INDEX "precos_produto_data_idx" ON "precos" USING btree ("produto_id","data","id");--> statement-breakpoint
CREATE INDEX "precos_data_idx" ON "precos" USING btree ("data","id");