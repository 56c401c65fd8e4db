CREATE INDEX "solicitacoes_respondida_por_idx" ON "portaria_web_solicitacoes_autorizacao" USING btree ("respondida_por") WHERE "portaria_web_solicitacoes_autorizacao"."respondida_por" is not null;--> statement-breakpoint
CREATE INDEX "links_resposta_morador_idx" ON "portaria_web_links_resposta" USING btree ("morador_id");--> statement-breakpoint
CREATE INDEX "encomendas_morador_idx" ON "portaria_web_encomendas" USING btree ("morador_id") WHERE "portaria_web_encomendas"."morador_id" is not null;--> statement-breakpoint
-- A resident deleted: their parcels keep the name they were received for and lose the link
-- (ON DELETE SET NULL). A parcel handed out or sent back refused even that, so deleting a
-- resident who ever picked one up failed; now only that one change passes, nothing else.
CREATE OR REPLACE FUNCTION portaria_web_encomendas_finais() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sem_o_vinculo portaria_web_encomendas;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'aguardando'
     AND NEW.condominio_id = OLD.condominio_id AND NEW.unidade_id = OLD.unidade_id
     AND NEW.recebida_em = OLD.recebida_em AND NEW.destinatario_nome = OLD.destinatario_nome
     AND NEW.codigo_retirada_hash = OLD.codigo_retirada_hash AND NEW.codigo_retirada_cifrado = OLD.codigo_retirada_cifrado THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.morador_id IS NOT NULL AND NEW.morador_id IS NULL THEN
    sem_o_vinculo := NEW;
    sem_o_vinculo.morador_id := OLD.morador_id;
    IF sem_o_vinculo IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'Uma encomenda entregue ou devolvida não pode ser alterada, e nenhuma encomenda pode ser excluída.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'encomendas_finais';
END
$$;
