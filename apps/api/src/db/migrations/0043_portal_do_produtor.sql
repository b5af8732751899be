CREATE TABLE "chegada_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"chegada_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"quantidade" numeric(12, 2) NOT NULL,
	CONSTRAINT "chegada_itens_quantidade_ck" CHECK ("chegada_itens"."quantidade" > 0 AND "chegada_itens"."quantidade" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "chegadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"pessoa_id" integer NOT NULL,
	"data" date NOT NULL,
	"chaves_nfe" text[] DEFAULT '{}'::text[] NOT NULL,
	"observacao" varchar(500),
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"alterada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pessoa_id" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"chave" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "portal_avisos_chave_unique" UNIQUE("chave"),
	CONSTRAINT "portal_avisos_tipo_ck" CHECK ("portal_avisos"."tipo" IN ('inspecao', 'suspensao', 'chegada', 'carencia'))
);
--> statement-breakpoint
CREATE TABLE "portal_avisos_cancelados" (
	"pessoa_id" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_avisos_cancelados_pessoa_id_tipo_pk" PRIMARY KEY("pessoa_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "portal_convites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pessoa_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"aceito_em" timestamp with time zone,
	CONSTRAINT "portal_convites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "pessoa_id" integer;--> statement-breakpoint
ALTER TABLE "romaneio" ADD COLUMN "chegada_id" integer;--> statement-breakpoint
ALTER TABLE "chegada_itens" ADD CONSTRAINT "chegada_itens_chegada_id_chegadas_id_fk" FOREIGN KEY ("chegada_id") REFERENCES "public"."chegadas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chegada_itens" ADD CONSTRAINT "chegada_itens_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chegadas" ADD CONSTRAINT "chegadas_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_avisos" ADD CONSTRAINT "portal_avisos_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_avisos_cancelados" ADD CONSTRAINT "portal_avisos_cancelados_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_convites" ADD CONSTRAINT "portal_convites_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_convites" ADD CONSTRAINT "portal_convites_criado_por_usuarios_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chegada_itens_chegada_idx" ON "chegada_itens" USING btree ("chegada_id");--> statement-breakpoint
CREATE INDEX "chegadas_data_idx" ON "chegadas" USING btree ("data","id");--> statement-breakpoint
CREATE INDEX "chegadas_pessoa_idx" ON "chegadas" USING btree ("pessoa_id","data");--> statement-breakpoint
CREATE INDEX "portal_avisos_pessoa_idx" ON "portal_avisos" USING btree ("pessoa_id","id");--> statement-breakpoint
CREATE INDEX "portal_convites_pessoa_idx" ON "portal_convites" USING btree ("pessoa_id");--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_chegada_id_chegadas_id_fk" FOREIGN KEY ("chegada_id") REFERENCES "public"."chegadas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_pessoa_id_unique" UNIQUE("pessoa_id");--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_chegada_id_unique" UNIQUE("chegada_id");--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_produtor_ck" CHECK (("usuarios"."pessoa_id" IS NULL AND NOT ('produtor' = ANY("usuarios"."roles"))) OR ("usuarios"."pessoa_id" IS NOT NULL AND "usuarios"."roles" = ARRAY['produtor']::text[]));