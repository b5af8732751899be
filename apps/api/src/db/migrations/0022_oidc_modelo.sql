CREATE TABLE "oidc_modelo" (
	"tipo" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expira_em" timestamp with time zone,
	"consumido_em" timestamp with time zone,
	CONSTRAINT "oidc_modelo_tipo_id_pk" PRIMARY KEY("tipo","id")
);
--> statement-breakpoint
CREATE INDEX "oidc_modelo_grant_idx" ON "oidc_modelo" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_modelo_uid_idx" ON "oidc_modelo" USING btree ("tipo","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_modelo_user_code_idx" ON "oidc_modelo" USING btree ("tipo","user_code");--> statement-breakpoint
CREATE INDEX "oidc_modelo_expira_idx" ON "oidc_modelo" USING btree ("expira_em");