CREATE TABLE "chamadas_caras" (
	"chave" text NOT NULL,
	"janela" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "chamadas_caras_chave_janela_pk" PRIMARY KEY("chave","janela")
);
--> statement-breakpoint
CREATE INDEX "chamadas_caras_janela_idx" ON "chamadas_caras" USING btree ("janela");