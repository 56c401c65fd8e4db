CREATE TABLE "portaria_web_ocorrencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"turno_id" uuid NOT NULL,
	"natureza" text DEFAULT 'abertura' NOT NULL,
	"tipo" text NOT NULL,
	"prioridade" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"unidade_id" uuid,
	"referencia_tipo" text,
	"referencia_id" uuid,
	"visivel_sindico" boolean DEFAULT false NOT NULL,
	"ocorrencia_original_id" uuid,
	"criada_por" uuid NOT NULL,
	"criada_por_nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocorrencias_tipo_valido" CHECK ("portaria_web_ocorrencias"."tipo" in ('ocorrencia', 'recado', 'manutencao', 'seguranca')),
	CONSTRAINT "ocorrencias_prioridade_valida" CHECK ("portaria_web_ocorrencias"."prioridade" in ('baixa', 'normal', 'alta')),
	CONSTRAINT "ocorrencias_natureza_valida" CHECK ("portaria_web_ocorrencias"."natureza" in ('abertura', 'complemento', 'resolucao')),
	CONSTRAINT "ocorrencias_referencia_valida" CHECK ("portaria_web_ocorrencias"."referencia_tipo" is null or "portaria_web_ocorrencias"."referencia_tipo" in ('registro', 'alarme', 'encomenda')),
	CONSTRAINT "ocorrencias_referencia_completa" CHECK (("portaria_web_ocorrencias"."referencia_tipo" is null) = ("portaria_web_ocorrencias"."referencia_id" is null)),
	CONSTRAINT "ocorrencias_titulo_preenchido" CHECK (btrim("portaria_web_ocorrencias"."titulo") <> ''),
	CONSTRAINT "ocorrencias_criada_por_nome_preenchido" CHECK (btrim("portaria_web_ocorrencias"."criada_por_nome") <> ''),
	CONSTRAINT "ocorrencias_original_da_natureza" CHECK (("portaria_web_ocorrencias"."natureza" = 'abertura') = ("portaria_web_ocorrencias"."ocorrencia_original_id" is null)),
	CONSTRAINT "ocorrencias_complemento_com_texto" CHECK ("portaria_web_ocorrencias"."natureza" <> 'complemento' or btrim(coalesce("portaria_web_ocorrencias"."descricao", '')) <> '')
);
--> statement-breakpoint
CREATE TABLE "portaria_web_ocorrencias_abertas" (
	"ocorrencia_id" uuid PRIMARY KEY NOT NULL,
	"condominio_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_resumo_diario_assinaturas" (
	"usuario_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_resumo_diario_envios" (
	"usuario_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portaria_web_resumo_diario_envios_usuario_id_dia_pk" PRIMARY KEY("usuario_id","dia")
);
--> statement-breakpoint
CREATE TABLE "portaria_web_turnos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid,
	"operador" uuid NOT NULL,
	"operador_nome" text NOT NULL,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrado_em" timestamp with time zone,
	"passagem" text,
	"turno_anterior_id" uuid,
	"assumido_por" uuid,
	"assumido_por_nome" text,
	"assumido_em" timestamp with time zone,
	CONSTRAINT "turnos_operador_nome_preenchido" CHECK (btrim("portaria_web_turnos"."operador_nome") <> ''),
	CONSTRAINT "turnos_passagem_ao_encerrar" CHECK (("portaria_web_turnos"."encerrado_em" is null) = ("portaria_web_turnos"."passagem" is null)),
	CONSTRAINT "turnos_passagem_preenchida" CHECK ("portaria_web_turnos"."passagem" is null or btrim("portaria_web_turnos"."passagem") <> ''),
	CONSTRAINT "turnos_encerrado_depois" CHECK ("portaria_web_turnos"."encerrado_em" is null or "portaria_web_turnos"."encerrado_em" >= "portaria_web_turnos"."iniciado_em"),
	CONSTRAINT "turnos_assumido_completo" CHECK (("portaria_web_turnos"."assumido_por" is null) = ("portaria_web_turnos"."assumido_em" is null) and ("portaria_web_turnos"."assumido_por" is null) = ("portaria_web_turnos"."assumido_por_nome" is null)),
	CONSTRAINT "turnos_assumido_depois_de_encerrado" CHECK ("portaria_web_turnos"."assumido_em" is null or "portaria_web_turnos"."encerrado_em" is not null)
);
--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias" ADD CONSTRAINT "portaria_web_ocorrencias_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias" ADD CONSTRAINT "portaria_web_ocorrencias_turno_id_portaria_web_turnos_id_fk" FOREIGN KEY ("turno_id") REFERENCES "public"."portaria_web_turnos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias" ADD CONSTRAINT "portaria_web_ocorrencias_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias" ADD CONSTRAINT "portaria_web_ocorrencias_ocorrencia_original_id_portaria_web_ocorrencias_id_fk" FOREIGN KEY ("ocorrencia_original_id") REFERENCES "public"."portaria_web_ocorrencias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias" ADD CONSTRAINT "portaria_web_ocorrencias_criada_por_portaria_web_usuarios_id_fk" FOREIGN KEY ("criada_por") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias_abertas" ADD CONSTRAINT "portaria_web_ocorrencias_abertas_ocorrencia_id_portaria_web_ocorrencias_id_fk" FOREIGN KEY ("ocorrencia_id") REFERENCES "public"."portaria_web_ocorrencias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_ocorrencias_abertas" ADD CONSTRAINT "portaria_web_ocorrencias_abertas_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_resumo_diario_assinaturas" ADD CONSTRAINT "portaria_web_resumo_diario_assinaturas_usuario_id_portaria_web_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_resumo_diario_envios" ADD CONSTRAINT "portaria_web_resumo_diario_envios_usuario_id_portaria_web_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_turnos" ADD CONSTRAINT "portaria_web_turnos_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_turnos" ADD CONSTRAINT "portaria_web_turnos_operador_portaria_web_usuarios_id_fk" FOREIGN KEY ("operador") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_turnos" ADD CONSTRAINT "portaria_web_turnos_turno_anterior_id_portaria_web_turnos_id_fk" FOREIGN KEY ("turno_anterior_id") REFERENCES "public"."portaria_web_turnos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_turnos" ADD CONSTRAINT "portaria_web_turnos_assumido_por_portaria_web_usuarios_id_fk" FOREIGN KEY ("assumido_por") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ocorrencias_uma_resolucao" ON "portaria_web_ocorrencias" USING btree ("ocorrencia_original_id") WHERE "portaria_web_ocorrencias"."natureza" = 'resolucao';--> statement-breakpoint
CREATE INDEX "ocorrencias_condominio_itens_idx" ON "portaria_web_ocorrencias" USING btree ("condominio_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "portaria_web_ocorrencias"."natureza" = 'abertura';--> statement-breakpoint
CREATE INDEX "ocorrencias_itens_idx" ON "portaria_web_ocorrencias" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "portaria_web_ocorrencias"."natureza" = 'abertura';--> statement-breakpoint
CREATE INDEX "ocorrencias_original_idx" ON "portaria_web_ocorrencias" USING btree ("ocorrencia_original_id","created_at");--> statement-breakpoint
CREATE INDEX "ocorrencias_turno_idx" ON "portaria_web_ocorrencias" USING btree ("turno_id");--> statement-breakpoint
CREATE INDEX "ocorrencias_titulo_trgm" ON "portaria_web_ocorrencias" USING gin ("titulo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ocorrencias_descricao_trgm" ON "portaria_web_ocorrencias" USING gin ("descricao" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ocorrencias_abertas_condominio_idx" ON "portaria_web_ocorrencias_abertas" USING btree ("condominio_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "turnos_um_aberto_por_operador" ON "portaria_web_turnos" USING btree ("operador") WHERE "portaria_web_turnos"."encerrado_em" is null;--> statement-breakpoint
CREATE INDEX "turnos_posto_idx" ON "portaria_web_turnos" USING btree ("condominio_id","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "turnos_central_idx" ON "portaria_web_turnos" USING btree ("iniciado_em" DESC NULLS LAST) WHERE "portaria_web_turnos"."condominio_id" is null;--> statement-breakpoint
CREATE INDEX "turnos_operador_idx" ON "portaria_web_turnos" USING btree ("operador","iniciado_em" DESC NULLS LAST);--> statement-breakpoint
-- The shift book (gate-operation-spec §5; decision 0280). A shift changes only by being closed
-- (its handover written) and by being taken over (who read it), each once, at the database's own
-- time unless an import of history (seed:demo) says otherwise; no shift is ever deleted.
CREATE FUNCTION portaria_web_turnos_regras() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  importando boolean := coalesce(current_setting('portal.importacao', true), '') = 'on';
BEGIN
  IF TG_OP = 'UPDATE' THEN
   IF NEW.id = OLD.id AND NEW.condominio_id IS NOT DISTINCT FROM OLD.condominio_id AND NEW.operador = OLD.operador
     AND NEW.operador_nome = OLD.operador_nome AND NEW.iniciado_em = OLD.iniciado_em
     AND NEW.turno_anterior_id IS NOT DISTINCT FROM OLD.turno_anterior_id THEN
    -- Closing: the handover, once; nobody takes over a shift still open.
    IF OLD.encerrado_em IS NULL AND NEW.encerrado_em IS NOT NULL AND NEW.assumido_por IS NULL THEN
      IF NOT importando THEN NEW.encerrado_em := greatest(clock_timestamp(), OLD.iniciado_em); END IF;
      RETURN NEW;
    END IF;
    -- Taking over: who read the handover, once; the handover itself stays as written.
    IF OLD.encerrado_em IS NOT NULL AND OLD.assumido_por IS NULL AND NEW.assumido_por IS NOT NULL
       AND NEW.encerrado_em = OLD.encerrado_em AND NEW.passagem = OLD.passagem THEN
      IF NOT importando THEN NEW.assumido_em := greatest(clock_timestamp(), OLD.encerrado_em); END IF;
      RETURN NEW;
    END IF;
   END IF;
  END IF;
  RAISE EXCEPTION 'Um turno só pode ser encerrado e assumido, uma vez cada, e nenhum turno pode ser excluído.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'turnos_somente_encerrar_e_assumir';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_turnos_regras BEFORE UPDATE OR DELETE ON portaria_web_turnos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_turnos_regras();
--> statement-breakpoint
CREATE TRIGGER portaria_web_turnos_sem_truncate BEFORE TRUNCATE ON portaria_web_turnos
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_turnos_regras();
--> statement-breakpoint
CREATE FUNCTION portaria_web_turnos_inicio() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal.importacao', true), '') <> 'on' THEN
    NEW.iniciado_em := clock_timestamp();
    NEW.encerrado_em := NULL;
    NEW.passagem := NULL;
    NEW.assumido_por := NULL;
    NEW.assumido_por_nome := NULL;
    NEW.assumido_em := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_turnos_inicio BEFORE INSERT ON portaria_web_turnos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_turnos_inicio();
--> statement-breakpoint
-- An entry is written by the operator of an open shift, at that shift's post (any condominium
-- for the central). A follow-up (complement, resolution) takes its item's condominium, type,
-- priority, title, unit and visibility, and none follows a resolution: the item's lock makes a
-- complement and a resolution racing for one item take turns.
CREATE FUNCTION portaria_web_ocorrencias_regras() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  turno portaria_web_turnos;
  original portaria_web_ocorrencias;
BEGIN
  IF NEW.natureza <> 'abertura' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('portaria_web_ocorrencias:' || NEW.ocorrencia_original_id::text, 0));
    SELECT * INTO original FROM portaria_web_ocorrencias WHERE id = NEW.ocorrencia_original_id;
    IF NOT FOUND OR original.natureza <> 'abertura' THEN
      RAISE EXCEPTION 'Ocorrência não encontrada.' USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_original_valida';
    END IF;
    IF EXISTS (SELECT 1 FROM portaria_web_ocorrencias r WHERE r.ocorrencia_original_id = original.id AND r.natureza = 'resolucao') THEN
      RAISE EXCEPTION 'Esta ocorrência já foi resolvida.' USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_ja_resolvida';
    END IF;
    NEW.condominio_id := original.condominio_id;
    NEW.tipo := original.tipo;
    NEW.prioridade := original.prioridade;
    NEW.titulo := original.titulo;
    NEW.unidade_id := original.unidade_id;
    NEW.visivel_sindico := original.visivel_sindico;
  END IF;
  SELECT * INTO turno FROM portaria_web_turnos WHERE id = NEW.turno_id;
  IF NOT FOUND OR turno.encerrado_em IS NOT NULL OR turno.operador <> NEW.criada_por THEN
    RAISE EXCEPTION 'Abra um turno antes de registrar no livro.' USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_turno_aberto';
  END IF;
  IF turno.condominio_id IS NOT NULL AND turno.condominio_id <> NEW.condominio_id THEN
    RAISE EXCEPTION 'Este turno é de outro posto.' USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_posto_do_turno';
  END IF;
  IF NEW.unidade_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM portaria_web_unidades u WHERE u.id = NEW.unidade_id AND u.condominio_id = NEW.condominio_id
  ) THEN
    RAISE EXCEPTION 'Escolha uma unidade deste condomínio.' USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_unidade_do_condominio';
  END IF;
  IF coalesce(current_setting('portal.importacao', true), '') <> 'on' THEN
    NEW.created_at := clock_timestamp();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_ocorrencias_regras BEFORE INSERT ON portaria_web_ocorrencias
  FOR EACH ROW EXECUTE FUNCTION portaria_web_ocorrencias_regras();
--> statement-breakpoint
-- The open items, kept beside the book with the owner's rights (the app role cannot write them).
CREATE FUNCTION portaria_web_ocorrencias_abertas_manter() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.natureza = 'abertura' THEN
    INSERT INTO portaria_web_ocorrencias_abertas (ocorrencia_id, condominio_id, created_at) VALUES (NEW.id, NEW.condominio_id, NEW.created_at);
  ELSIF NEW.natureza = 'resolucao' THEN
    DELETE FROM portaria_web_ocorrencias_abertas WHERE ocorrencia_id = NEW.ocorrencia_original_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_ocorrencias_abertas_manter AFTER INSERT ON portaria_web_ocorrencias
  FOR EACH ROW EXECUTE FUNCTION portaria_web_ocorrencias_abertas_manter();
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE of an entry, by any path.
CREATE FUNCTION portaria_web_ocorrencias_imutaveis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'As entradas do livro da portaria não podem ser alteradas nem excluídas.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'ocorrencias_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_ocorrencias_imutaveis BEFORE UPDATE OR DELETE ON portaria_web_ocorrencias
  FOR EACH ROW EXECUTE FUNCTION portaria_web_ocorrencias_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_ocorrencias_sem_truncate BEFORE TRUNCATE ON portaria_web_ocorrencias
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_ocorrencias_imutaveis();
