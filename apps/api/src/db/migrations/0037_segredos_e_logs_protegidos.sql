ALTER TABLE "assinaturas" DROP CONSTRAINT "assinaturas_token_cancelamento_unique";--> statement-breakpoint
ALTER TABLE "assinaturas" DROP COLUMN "token_cancelamento";--> statement-breakpoint
-- The audit log joins the routes that are never deleted (the API refuses first, in pt-BR: modules/rotas).
CREATE OR REPLACE FUNCTION rotas_protegidas_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.chave IN ('usuarios', 'permissoes', 'rotas', 'logs') THEN
    RAISE EXCEPTION 'A rota % controla o acesso ao sistema e não pode ser removida.', OLD.nome USING ERRCODE = '23001';
  END IF;
  RETURN OLD;
END $$;
