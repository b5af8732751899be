CREATE TABLE "precos_resumo" (
	"produto_grupo_id" integer NOT NULL,
	"data" date NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_minimo" numeric(12, 2) NOT NULL,
	"valor_medio" numeric(12, 2) NOT NULL,
	"valor_maximo" numeric(12, 2) NOT NULL,
	"valor_kg_minimo" numeric(12, 2) NOT NULL,
	"valor_kg_medio" numeric(12, 2) NOT NULL,
	"valor_kg_maximo" numeric(12, 2) NOT NULL,
	CONSTRAINT "precos_resumo_produto_grupo_id_data_pk" PRIMARY KEY("produto_grupo_id","data")
);
--> statement-breakpoint
ALTER TABLE "precos_resumo" ADD CONSTRAINT "precos_resumo_produto_grupo_id_produto_grupo_id_fk" FOREIGN KEY ("produto_grupo_id") REFERENCES "public"."produto_grupo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "precos_resumo_data_idx" ON "precos_resumo" USING btree ("data");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_minimo_idx" ON "precos_resumo" USING btree ("valor_minimo");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_medio_idx" ON "precos_resumo" USING btree ("valor_medio");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_maximo_idx" ON "precos_resumo" USING btree ("valor_maximo");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_kg_minimo_idx" ON "precos_resumo" USING btree ("valor_kg_minimo");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_kg_medio_idx" ON "precos_resumo" USING btree ("valor_kg_medio");--> statement-breakpoint
CREATE INDEX "precos_resumo_valor_kg_maximo_idx" ON "precos_resumo" USING btree ("valor_kg_maximo");--> statement-breakpoint
CREATE INDEX "precos_produto_id_idx" ON "precos" USING btree ("produto_id","id");--> statement-breakpoint
CREATE INDEX "precos_valor_idx" ON "precos" USING btree ("valor","id");--> statement-breakpoint
CREATE INDEX "produto_nome_idx" ON "produto" USING btree ("nome","id");--> statement-breakpoint
CREATE INDEX "produto_embalagem_idx" ON "produto" USING btree ("embalagem","id");--> statement-breakpoint
CREATE INDEX "produto_grupo_nome_idx" ON "produto_grupo" USING btree ("nome","id");