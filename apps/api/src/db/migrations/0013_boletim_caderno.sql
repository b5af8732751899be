CREATE TABLE "adubacao_correcao" (
	"id" serial PRIMARY KEY NOT NULL,
	"caderno_id" integer NOT NULL,
	"nao_necessarias" boolean DEFAULT false NOT NULL,
	"data_aplicacao" date,
	"nome_formula" varchar(200),
	"dose" integer,
	"forma_dose" varchar(10),
	"forma_aplicacao" varchar(20),
	"responsavel_aplicacao" varchar(200),
	"observacao" varchar(1000),
	CONSTRAINT "adubacao_correcao_forma_dose_ck" CHECK ("adubacao_correcao"."forma_dose" IN ('KG_M', 'L_M', 'G_PLANTA')),
	CONSTRAINT "adubacao_correcao_forma_aplicacao_ck" CHECK ("adubacao_correcao"."forma_aplicacao" IN ('PLANTIO', 'COBERTURA', 'FOLIAR', 'FERTIRRIGACAO')),
	CONSTRAINT "adubacao_correcao_dose_ck" CHECK ("adubacao_correcao"."dose" BETWEEN 1 AND 9999999),
	CONSTRAINT "adubacao_correcao_completa_ck" CHECK ("adubacao_correcao"."nao_necessarias" OR ("adubacao_correcao"."data_aplicacao" IS NOT NULL AND "adubacao_correcao"."nome_formula" IS NOT NULL AND "adubacao_correcao"."dose" IS NOT NULL AND "adubacao_correcao"."forma_dose" IS NOT NULL AND "adubacao_correcao"."forma_aplicacao" IS NOT NULL AND "adubacao_correcao"."responsavel_aplicacao" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "aplicacao_produtos_quimicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"caderno_id" integer NOT NULL,
	"nao_necessarias" boolean DEFAULT false NOT NULL,
	"data" date,
	"periodo_carencia" integer,
	"praga_doenca_alvo" varchar(200),
	"nome_produto" varchar(200),
	"dose" numeric(12, 2),
	"forma_dose" varchar(10),
	"volume_calda" numeric(12, 2),
	"operador" varchar(200),
	CONSTRAINT "aplicacao_produtos_quimicos_forma_dose_ck" CHECK ("aplicacao_produtos_quimicos"."forma_dose" IN ('KG_M', 'L_M', 'G_PLANTA')),
	CONSTRAINT "aplicacao_produtos_quimicos_valores_ck" CHECK ("aplicacao_produtos_quimicos"."periodo_carencia" BETWEEN 1 AND 9999999 AND "aplicacao_produtos_quimicos"."dose" BETWEEN 1 AND 9999999 AND "aplicacao_produtos_quimicos"."volume_calda" BETWEEN 1 AND 9999999),
	CONSTRAINT "aplicacao_produtos_quimicos_completa_ck" CHECK ("aplicacao_produtos_quimicos"."nao_necessarias" OR ("aplicacao_produtos_quimicos"."data" IS NOT NULL AND "aplicacao_produtos_quimicos"."periodo_carencia" IS NOT NULL AND "aplicacao_produtos_quimicos"."praga_doenca_alvo" IS NOT NULL AND "aplicacao_produtos_quimicos"."nome_produto" IS NOT NULL AND "aplicacao_produtos_quimicos"."dose" IS NOT NULL AND "aplicacao_produtos_quimicos"."forma_dose" IS NOT NULL AND "aplicacao_produtos_quimicos"."volume_calda" IS NOT NULL AND "aplicacao_produtos_quimicos"."operador" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "caderno" (
	"id" serial PRIMARY KEY NOT NULL,
	"boletim_item_id" integer NOT NULL,
	"produto_antigo_id" integer NOT NULL,
	"data_plantio" date NOT NULL,
	"data_colheita" date NOT NULL,
	"area_cultivo" varchar(200) NOT NULL,
	"preparo_solo" jsonb NOT NULL,
	"praticas_conservacionistas" jsonb NOT NULL,
	"sementes_e_mudas" jsonb NOT NULL,
	"irrigacao" jsonb NOT NULL,
	CONSTRAINT "caderno_boletim_item_uq" UNIQUE("boletim_item_id"),
	CONSTRAINT "caderno_colheita_ck" CHECK ("caderno"."data_colheita" >= "caderno"."data_plantio"),
	CONSTRAINT "caderno_secoes_ck" CHECK (jsonb_typeof("caderno"."preparo_solo") = 'object' AND jsonb_typeof("caderno"."praticas_conservacionistas") = 'object' AND jsonb_typeof("caderno"."sementes_e_mudas") = 'object' AND jsonb_typeof("caderno"."irrigacao") = 'object')
);
--> statement-breakpoint
ALTER TABLE "adubacao_correcao" ADD CONSTRAINT "adubacao_correcao_caderno_id_caderno_id_fk" FOREIGN KEY ("caderno_id") REFERENCES "public"."caderno"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicacao_produtos_quimicos" ADD CONSTRAINT "aplicacao_produtos_quimicos_caderno_id_caderno_id_fk" FOREIGN KEY ("caderno_id") REFERENCES "public"."caderno"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caderno" ADD CONSTRAINT "caderno_boletim_item_id_boletim_itens_id_fk" FOREIGN KEY ("boletim_item_id") REFERENCES "public"."boletim_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caderno" ADD CONSTRAINT "caderno_produto_antigo_id_produto_id_fk" FOREIGN KEY ("produto_antigo_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adubacao_correcao_caderno_idx" ON "adubacao_correcao" USING btree ("caderno_id");--> statement-breakpoint
CREATE INDEX "aplicacao_produtos_quimicos_caderno_idx" ON "aplicacao_produtos_quimicos" USING btree ("caderno_id");--> statement-breakpoint
CREATE INDEX "boletim_produtor_idx" ON "boletim" USING btree ("produtor_id");--> statement-breakpoint
CREATE INDEX "boletim_propriedade_idx" ON "boletim" USING btree ("propriedade_id");--> statement-breakpoint
CREATE INDEX "boletim_tecnico_idx" ON "boletim" USING btree ("tecnico_id");--> statement-breakpoint
CREATE INDEX "boletim_data_emissao_idx" ON "boletim" USING btree ("data_emissao","id");--> statement-breakpoint
ALTER TABLE "boletim_itens" ADD CONSTRAINT "boletim_itens_colheita_ck" CHECK ("boletim_itens"."fim_colheita" >= "boletim_itens"."inicio_colheita");--> statement-breakpoint
ALTER TABLE "boletim_itens" ADD CONSTRAINT "boletim_itens_quantidades_ck" CHECK ("boletim_itens"."area_producao" >= 0 AND "boletim_itens"."producao_estimada" >= 0 AND "boletim_itens"."producao_embalada" >= 0);