CREATE TABLE "anonimizacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pessoa_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"feita_em" timestamp with time zone DEFAULT now() NOT NULL,
	"feita_por" text NOT NULL,
	CONSTRAINT "anonimizacoes_pessoa_id_unique" UNIQUE("pessoa_id")
);
--> statement-breakpoint
CREATE TABLE "incidentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"detectado_em" date NOT NULL,
	"descricao" text NOT NULL,
	"categorias" jsonb NOT NULL,
	"titulares_afetados" integer NOT NULL,
	"medidas" text NOT NULL,
	"prazo" date NOT NULL,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"registrado_por" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leituras" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"cadastro" text NOT NULL,
	"cadastro_id" text NOT NULL,
	"pessoa_id" integer
);
--> statement-breakpoint
CREATE TABLE "titular_confirmacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"tipo" text NOT NULL,
	"cpfcnpj" text NOT NULL,
	"email" text NOT NULL,
	"texto" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titular_confirmacoes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "titular_pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"endereco" text NOT NULL,
	"caixa_hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titular_solicitacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"cpfcnpj" text NOT NULL,
	"email" text NOT NULL,
	"texto" text,
	"criada_em" timestamp with time zone NOT NULL,
	"confirmada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"prazo" date NOT NULL,
	"resposta" text,
	"respondida_em" timestamp with time zone,
	"respondida_por" text
);
--> statement-breakpoint
CREATE INDEX "leituras_pessoa_idx" ON "leituras" USING btree ("pessoa_id","em");--> statement-breakpoint
CREATE INDEX "leituras_em_idx" ON "leituras" USING btree ("em");--> statement-breakpoint
CREATE INDEX "titular_pedidos_endereco_idx" ON "titular_pedidos" USING btree ("endereco","criado_em");--> statement-breakpoint
CREATE INDEX "titular_pedidos_caixa_idx" ON "titular_pedidos" USING btree ("caixa_hash","criado_em");--> statement-breakpoint
CREATE INDEX "titular_solicitacoes_cpfcnpj_idx" ON "titular_solicitacoes" USING btree ("cpfcnpj");--> statement-breakpoint
-- The audit log stays append-only, except for the anonymisation of a person (LGPD, art. 16): inside its transaction
-- (SET LOCAL ceasa.anonimizacao = 'on') the former name and CPF/CNPJ are replaced in the rows' texts.
CREATE OR REPLACE FUNCTION logs_somente_acrescimo_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('ceasa.anonimizacao', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'O registro de auditoria (logs) não pode ser alterado nem removido.' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- An incident is kept (Res. CD/ANPD 15/2024: at least 5 years): never deleted.
CREATE OR REPLACE FUNCTION incidentes_sem_remocao_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Um incidente não pode ser removido.' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER incidentes_sem_remocao BEFORE DELETE OR TRUNCATE ON incidentes
  FOR EACH STATEMENT EXECUTE FUNCTION incidentes_sem_remocao_trg();
