CREATE TABLE "chaves" (
	"kid" text PRIMARY KEY NOT NULL,
	"privada" jsonb NOT NULL,
	"publica" jsonb NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"corpo" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"sessao_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"usado_em" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	CONSTRAINT "reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"avatar_url" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "grupo_permissoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"cadastro" text NOT NULL,
	"cadastro_id" text NOT NULL,
	"acao" text NOT NULL,
	"conteudo" text NOT NULL,
	"conteudo_anterior" text
);
--> statement-breakpoint
CREATE TABLE "permissoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"grupo_id" integer NOT NULL,
	"rota_id" integer NOT NULL,
	"criar" boolean DEFAULT false NOT NULL,
	"editar" boolean DEFAULT false NOT NULL,
	"deletar" boolean DEFAULT false NOT NULL,
	"visualizar" boolean DEFAULT false NOT NULL,
	CONSTRAINT "permissoes_grupo_rota_uq" UNIQUE("grupo_id","rota_id")
);
--> statement-breakpoint
CREATE TABLE "rotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	CONSTRAINT "rotas_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "boletim" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_visita" date NOT NULL,
	"data_emissao" date NOT NULL,
	"produtor_id" integer NOT NULL,
	"propriedade_id" integer NOT NULL,
	"tecnico_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletim_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"boletim_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"area_producao" numeric(12, 2) NOT NULL,
	"producao_estimada" numeric(14, 2) NOT NULL,
	"producao_embalada" numeric(14, 2) NOT NULL,
	"inicio_colheita" date NOT NULL,
	"fim_colheita" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dividas" (
	"numero" bigint PRIMARY KEY NOT NULL,
	"nome_contribuinte" varchar(200) NOT NULL,
	"valor_pgto" numeric(12, 2) NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estacionamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" date NOT NULL,
	"placa" varchar(200) NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"divida" bigint NOT NULL,
	"pessoa_id" integer NOT NULL,
	"veiculo_tipo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loja" (
	"id" serial PRIMARY KEY NOT NULL,
	"lojista_id" integer NOT NULL,
	"data_emissao" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loja_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"loja_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"quantidade" numeric(12, 2) NOT NULL,
	"municipio_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"sigla" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedras" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoa" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"cpfcnpj" varchar(18) NOT NULL,
	"celular" varchar(11),
	"tipo_id" integer NOT NULL,
	"observacao" text,
	"foto" text
);
--> statement-breakpoint
CREATE TABLE "pessoa_tipo" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "precos" (
	"id" serial PRIMARY KEY NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"data" date NOT NULL,
	"produto_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"embalagem" varchar(200) NOT NULL,
	"peso_em_kg" numeric(12, 2) DEFAULT '1' NOT NULL,
	"produto_grupo_id" integer NOT NULL,
	"status" varchar(200) DEFAULT 'ATIVO' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto_grupo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"un_padrao" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "propriedade" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"endereco" varchar(200),
	"numero" varchar(200),
	"complemento" varchar(200),
	"cep" varchar(8),
	"municipio_id" integer NOT NULL,
	"area_total" numeric(12, 2) NOT NULL,
	"area_explorada" numeric(12, 2) NOT NULL,
	"area_cultivada" numeric(12, 2) NOT NULL,
	"geo_localizacao" varchar(200) DEFAULT '0,0' NOT NULL,
	"pronaf" boolean DEFAULT false NOT NULL,
	"tipo_posse" varchar(20) NOT NULL,
	"proprietario_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "romaneio" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_emissao" date NOT NULL,
	"divida" bigint NOT NULL,
	"lote" text NOT NULL,
	"pessoa_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "romaneio_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"romaneio_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"quantidade" numeric(12, 2) NOT NULL,
	"boletim_itens_id" integer
);
--> statement-breakpoint
CREATE TABLE "romaneio_pedras" (
	"id" serial PRIMARY KEY NOT NULL,
	"romaneio_id" integer NOT NULL,
	"pedra_id" integer NOT NULL,
	"data" date NOT NULL,
	"ocupacao" varchar(50),
	CONSTRAINT "romaneio_pedras_pedra_data_uq" UNIQUE("pedra_id","data")
);
--> statement-breakpoint
CREATE TABLE "status_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	CONSTRAINT "status_produto_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "veiculo_tipo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_sessao_id_sessoes_id_fk" FOREIGN KEY ("sessao_id") REFERENCES "public"."sessoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissoes" ADD CONSTRAINT "permissoes_grupo_id_grupo_permissoes_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupo_permissoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissoes" ADD CONSTRAINT "permissoes_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletim" ADD CONSTRAINT "boletim_produtor_id_pessoa_id_fk" FOREIGN KEY ("produtor_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletim" ADD CONSTRAINT "boletim_propriedade_id_propriedade_id_fk" FOREIGN KEY ("propriedade_id") REFERENCES "public"."propriedade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletim" ADD CONSTRAINT "boletim_tecnico_id_pessoa_id_fk" FOREIGN KEY ("tecnico_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletim_itens" ADD CONSTRAINT "boletim_itens_boletim_id_boletim_id_fk" FOREIGN KEY ("boletim_id") REFERENCES "public"."boletim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletim_itens" ADD CONSTRAINT "boletim_itens_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estacionamento" ADD CONSTRAINT "estacionamento_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estacionamento" ADD CONSTRAINT "estacionamento_veiculo_tipo_id_veiculo_tipo_id_fk" FOREIGN KEY ("veiculo_tipo_id") REFERENCES "public"."veiculo_tipo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loja" ADD CONSTRAINT "loja_lojista_id_pessoa_id_fk" FOREIGN KEY ("lojista_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loja_itens" ADD CONSTRAINT "loja_itens_loja_id_loja_id_fk" FOREIGN KEY ("loja_id") REFERENCES "public"."loja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loja_itens" ADD CONSTRAINT "loja_itens_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loja_itens" ADD CONSTRAINT "loja_itens_municipio_id_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_tipo_id_pessoa_tipo_id_fk" FOREIGN KEY ("tipo_id") REFERENCES "public"."pessoa_tipo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precos" ADD CONSTRAINT "precos_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_produto_grupo_id_produto_grupo_id_fk" FOREIGN KEY ("produto_grupo_id") REFERENCES "public"."produto_grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propriedade" ADD CONSTRAINT "propriedade_municipio_id_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "propriedade" ADD CONSTRAINT "propriedade_proprietario_id_pessoa_id_fk" FOREIGN KEY ("proprietario_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio_itens" ADD CONSTRAINT "romaneio_itens_romaneio_id_romaneio_id_fk" FOREIGN KEY ("romaneio_id") REFERENCES "public"."romaneio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio_itens" ADD CONSTRAINT "romaneio_itens_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio_itens" ADD CONSTRAINT "romaneio_itens_boletim_itens_id_boletim_itens_id_fk" FOREIGN KEY ("boletim_itens_id") REFERENCES "public"."boletim_itens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio_pedras" ADD CONSTRAINT "romaneio_pedras_romaneio_id_romaneio_id_fk" FOREIGN KEY ("romaneio_id") REFERENCES "public"."romaneio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio_pedras" ADD CONSTRAINT "romaneio_pedras_pedra_id_pedras_id_fk" FOREIGN KEY ("pedra_id") REFERENCES "public"."pedras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_sessao_idx" ON "refresh_tokens" USING btree ("sessao_id");--> statement-breakpoint
CREATE INDEX "logs_cadastro_idx" ON "logs" USING btree ("cadastro","cadastro_id");--> statement-breakpoint
CREATE INDEX "boletim_itens_boletim_idx" ON "boletim_itens" USING btree ("boletim_id");--> statement-breakpoint
CREATE INDEX "boletim_itens_produto_idx" ON "boletim_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "loja_itens_loja_idx" ON "loja_itens" USING btree ("loja_id");--> statement-breakpoint
CREATE INDEX "pessoa_tipo_idx" ON "pessoa" USING btree ("tipo_id");--> statement-breakpoint
CREATE INDEX "precos_produto_data_idx" ON "precos" USING btree ("produto_id","data");--> statement-breakpoint
CREATE INDEX "precos_data_idx" ON "precos" USING btree ("data");--> statement-breakpoint
CREATE INDEX "produto_grupo_idx" ON "produto" USING btree ("produto_grupo_id");--> statement-breakpoint
CREATE INDEX "propriedade_proprietario_idx" ON "propriedade" USING btree ("proprietario_id");--> statement-breakpoint
CREATE INDEX "romaneio_divida_idx" ON "romaneio" USING btree ("divida");--> statement-breakpoint
CREATE INDEX "romaneio_data_idx" ON "romaneio" USING btree ("data_emissao");--> statement-breakpoint
CREATE INDEX "romaneio_itens_romaneio_idx" ON "romaneio_itens" USING btree ("romaneio_id");--> statement-breakpoint
CREATE INDEX "romaneio_itens_boletim_itens_idx" ON "romaneio_itens" USING btree ("boletim_itens_id");