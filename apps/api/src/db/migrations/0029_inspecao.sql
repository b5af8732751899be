CREATE TABLE "inspecao" (
	"id" serial PRIMARY KEY NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"romaneio_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"coleta_em" date NOT NULL,
	"laboratorio" varchar(120),
	"codigo_amostra" varchar(40),
	"resultado" varchar(12),
	"principio_ativo" varchar(200),
	"checklist" jsonb,
	"observacao" varchar(1000),
	"suspenso_ate" date,
	CONSTRAINT "inspecao_tipo_ck" CHECK ("inspecao"."tipo" IN ('rotulagem', 'residuo')),
	CONSTRAINT "inspecao_resultado_ck" CHECK ("inspecao"."resultado" IN ('conforme', 'nao_conforme', 'pendente')),
	CONSTRAINT "inspecao_residuo_ck" CHECK ("inspecao"."tipo" <> 'residuo' OR ("inspecao"."laboratorio" IS NOT NULL AND "inspecao"."codigo_amostra" IS NOT NULL AND "inspecao"."resultado" IS NOT NULL)),
	CONSTRAINT "inspecao_rotulagem_ck" CHECK ("inspecao"."tipo" <> 'rotulagem' OR "inspecao"."checklist" IS NOT NULL),
	CONSTRAINT "inspecao_suspensao_ck" CHECK (("inspecao"."suspenso_ate" IS NOT NULL) = ("inspecao"."tipo" = 'residuo' AND "inspecao"."resultado" = 'nao_conforme'))
);
--> statement-breakpoint
CREATE TABLE "inspecao_sorteio" (
	"romaneio_id" integer PRIMARY KEY NOT NULL,
	"data" date NOT NULL,
	"sorteado" boolean NOT NULL,
	"percentual" numeric(5, 2) NOT NULL,
	"sorteado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspecao_sorteio_percentual_ck" CHECK ("inspecao_sorteio"."percentual" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "inspecao" ADD CONSTRAINT "inspecao_romaneio_id_romaneio_id_fk" FOREIGN KEY ("romaneio_id") REFERENCES "public"."romaneio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspecao_sorteio" ADD CONSTRAINT "inspecao_sorteio_romaneio_id_romaneio_id_fk" FOREIGN KEY ("romaneio_id") REFERENCES "public"."romaneio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspecao_romaneio_idx" ON "inspecao" USING btree ("romaneio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspecao_amostra_uq" ON "inspecao" USING btree ("laboratorio","codigo_amostra");--> statement-breakpoint
CREATE INDEX "inspecao_sorteio_data_idx" ON "inspecao_sorteio" USING btree ("data");