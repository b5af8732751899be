CREATE TABLE "codigos_de_recuperacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"usado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "segundos_fatores" (
	"usuario_id" uuid PRIMARY KEY NOT NULL,
	"segredo" text NOT NULL,
	"ativo_em" timestamp with time zone,
	"ultimo_passo" bigint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ultimo_uso_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "dispositivo" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "endereco" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "exige_fator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "trocar_senha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "codigos_de_recuperacao" ADD CONSTRAINT "codigos_de_recuperacao_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segundos_fatores" ADD CONSTRAINT "segundos_fatores_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_de_recuperacao_idx" ON "codigos_de_recuperacao" USING btree ("usuario_id","hash");