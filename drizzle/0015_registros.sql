CREATE TABLE "portaria_web_exportacoes_registros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid,
	"usuario_nome" text NOT NULL,
	"filtro" jsonb NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	"linhas" integer,
	"completa" boolean
);
--> statement-breakpoint
ALTER TABLE "portaria_web_condominios" ADD COLUMN "retencao_anos" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "exportacoes_registros_iniciada_idx" ON "portaria_web_exportacoes_registros" USING btree ("iniciada_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exportacoes_registros_usuario_idx" ON "portaria_web_exportacoes_registros" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "registros_placa_trgm" ON "portaria_web_registros_acesso" USING gin ("placa" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registros_unidade_recentes_idx" ON "portaria_web_registros_acesso" USING btree ("unidade_id","registrado_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registros_negados_idx" ON "portaria_web_registros_acesso" USING btree ("condominio_id","registrado_em" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "portaria_web_registros_acesso"."resultado" = 'negado';--> statement-breakpoint
CREATE INDEX "registros_negados_recentes_idx" ON "portaria_web_registros_acesso" USING btree ("registrado_em" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "portaria_web_registros_acesso"."resultado" = 'negado';--> statement-breakpoint
CREATE INDEX "registros_a_anonimizar_idx" ON "portaria_web_registros_acesso" USING btree ("condominio_id","registrado_em") WHERE "portaria_web_registros_acesso"."anonimizado_em" is null;--> statement-breakpoint
ALTER TABLE "portaria_web_condominios" ADD CONSTRAINT "condominios_retencao_anos" CHECK ("portaria_web_condominios"."retencao_anos" between 1 and 50);--> statement-breakpoint
-- The record of each export (gatehouse-spec §5 'Exportar CSV'): written when the export starts,
-- finished once (linhas, completa, concluida_em) when it ends; nothing else may change, and no
-- record may be removed.
CREATE FUNCTION portaria_web_exportacoes_registros_imutaveis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.concluida_em IS NULL AND NEW.concluida_em IS NOT NULL AND NEW.linhas IS NOT NULL AND NEW.completa IS NOT NULL
     AND NEW.id = OLD.id AND NEW.usuario_id IS NOT DISTINCT FROM OLD.usuario_id AND NEW.usuario_nome = OLD.usuario_nome
     AND NEW.filtro = OLD.filtro AND NEW.iniciada_em = OLD.iniciada_em THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'O registro de uma exportação não pode ser alterado nem excluído.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'exportacoes_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_exportacoes_registros_imutaveis BEFORE UPDATE OR DELETE ON portaria_web_exportacoes_registros
  FOR EACH ROW EXECUTE FUNCTION portaria_web_exportacoes_registros_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_exportacoes_registros_sem_truncate BEFORE TRUNCATE ON portaria_web_exportacoes_registros
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_exportacoes_registros_imutaveis();
