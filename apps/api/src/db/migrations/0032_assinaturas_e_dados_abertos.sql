CREATE TABLE "assinaturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"produtos" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"alertas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmacao_hash" text NOT NULL,
	"token_cancelamento" text NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_em" timestamp with time zone,
	CONSTRAINT "assinaturas_confirmacao_hash_unique" UNIQUE("confirmacao_hash"),
	CONSTRAINT "assinaturas_token_cancelamento_unique" UNIQUE("token_cancelamento")
);
--> statement-breakpoint
CREATE TABLE "assinaturas_envios" (
	"assinatura_id" integer NOT NULL,
	"data" date NOT NULL,
	"tipo" text NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_envios_assinatura_id_data_tipo_pk" PRIMARY KEY("assinatura_id","data","tipo")
);
--> statement-breakpoint
CREATE TABLE "assinaturas_pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"endereco" text NOT NULL,
	"email_hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacao_envios" (
	"data" date PRIMARY KEY NOT NULL,
	"origem" text NOT NULL,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	"cotacoes" integer DEFAULT 0 NOT NULL,
	"alertas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textos_publicos" (
	"chave" text PRIMARY KEY NOT NULL,
	"texto" text NOT NULL,
	"alterado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"alterado_por" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assinaturas_envios" ADD CONSTRAINT "assinaturas_envios_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_email_confirmada_uq" ON "assinaturas" USING btree ("email") WHERE "assinaturas"."confirmada_em" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "assinaturas_criada_idx" ON "assinaturas" USING btree ("criada_em");--> statement-breakpoint
CREATE INDEX "assinaturas_pedidos_endereco_idx" ON "assinaturas_pedidos" USING btree ("endereco","criado_em");--> statement-breakpoint
CREATE INDEX "assinaturas_pedidos_email_idx" ON "assinaturas_pedidos" USING btree ("email_hash","criado_em");