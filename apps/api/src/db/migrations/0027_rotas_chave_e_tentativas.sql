-- Issue 29, point 4: sign-in attempts per (account, address), counted before the password is checked, in
-- the database (one atomic upsert per attempt), so a burst over any number of servers meets one limit.
CREATE TABLE "tentativas_de_entrada" (
	"conta" text NOT NULL,
	"endereco" text NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"n" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tentativas_de_entrada_conta_endereco_pk" PRIMARY KEY("conta","endereco")
);
--> statement-breakpoint
CREATE INDEX "tentativas_de_entrada_inicio_idx" ON "tentativas_de_entrada" USING btree ("inicio");
--> statement-breakpoint
-- Issue 29, point 7: permissions match a route by a key a rename does not change. Existing routes keep their
-- current name as key (the product's own routes were never renamed by the application, so theirs are ROTAS).
ALTER TABLE "rotas" ADD COLUMN "chave" varchar(200);
--> statement-breakpoint
UPDATE "rotas" SET "chave" = "nome";
--> statement-breakpoint
ALTER TABLE "rotas" ALTER COLUMN "chave" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_chave_unique" UNIQUE("chave");
--> statement-breakpoint
-- The key is written once: a new route takes its name (or, when that key is taken by a renamed route,
-- its name and id); an update keeps the old key whatever it sends.
CREATE OR REPLACE FUNCTION rotas_chave_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.chave := OLD.chave;
  ELSIF NEW.chave IS NULL THEN
    NEW.chave := CASE WHEN EXISTS (SELECT 1 FROM rotas WHERE chave = NEW.nome) THEN NEW.nome || '#' || NEW.id ELSE NEW.nome END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER rotas_chave BEFORE INSERT OR UPDATE ON rotas FOR EACH ROW EXECUTE FUNCTION rotas_chave_trg();
--> statement-breakpoint
-- The routes that manage access itself are never deleted (the API refuses first, in pt-BR: modules/rotas).
CREATE OR REPLACE FUNCTION rotas_protegidas_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.chave IN ('usuarios', 'permissoes', 'rotas') THEN
    RAISE EXCEPTION 'A rota % controla o acesso ao sistema e não pode ser removida.', OLD.nome USING ERRCODE = '23001';
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER rotas_protegidas BEFORE DELETE ON rotas FOR EACH ROW EXECUTE FUNCTION rotas_protegidas_trg();
