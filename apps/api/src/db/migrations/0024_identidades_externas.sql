CREATE TABLE "identidades_externas" (
	"issuer" text NOT NULL,
	"sub" text NOT NULL,
	"usuario_id" uuid NOT NULL,
	"papeis_iat" bigint,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identidades_externas_issuer_sub_pk" PRIMARY KEY("issuer","sub")
);
--> statement-breakpoint
ALTER TABLE "identidades_externas" ADD CONSTRAINT "identidades_externas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identidades_externas_usuario_idx" ON "identidades_externas" USING btree ("issuer","usuario_id");