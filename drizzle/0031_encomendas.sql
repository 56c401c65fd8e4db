CREATE TABLE "portaria_web_encomenda_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"encomenda_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"operador_id" uuid,
	"operador_nome" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash_anterior" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "encomenda_eventos_tipo_valido" CHECK ("portaria_web_encomenda_eventos"."tipo" in ('recebida', 'notificada', 'retirada', 'devolvida'))
);
--> statement-breakpoint
CREATE TABLE "portaria_web_encomendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"morador_id" uuid,
	"destinatario_nome" text NOT NULL,
	"transportadora" text NOT NULL,
	"codigo_rastreio" text,
	"tipo" text NOT NULL,
	"local_armazenamento" text,
	"observacoes" text,
	"status" text DEFAULT 'aguardando' NOT NULL,
	"recebida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"recebida_por" uuid,
	"recebida_por_nome" text NOT NULL,
	"retirada_em" timestamp with time zone,
	"retirada_por_nome" text,
	"retirada_por_documento" text,
	"retirada_forma" text,
	"entregue_por" uuid,
	"entregue_por_nome" text,
	"devolvida_em" timestamp with time zone,
	"devolvida_por_nome" text,
	"motivo_devolucao" text,
	"codigo_retirada_hash" text NOT NULL,
	"codigo_retirada_cifrado" text NOT NULL,
	"lembrado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encomendas_status_valido" CHECK ("portaria_web_encomendas"."status" in ('aguardando', 'retirada', 'devolvida')),
	CONSTRAINT "encomendas_transportadora_valida" CHECK ("portaria_web_encomendas"."transportadora" in ('correios', 'mercado_livre', 'amazon', 'shopee', 'outra')),
	CONSTRAINT "encomendas_tipo_valido" CHECK ("portaria_web_encomendas"."tipo" in ('envelope', 'pacote', 'caixa', 'refrigerado', 'outro')),
	CONSTRAINT "encomendas_forma_valida" CHECK ("portaria_web_encomendas"."retirada_forma" is null or "portaria_web_encomendas"."retirada_forma" in ('codigo', 'qrcode', 'documento')),
	CONSTRAINT "encomendas_destinatario_preenchido" CHECK (btrim("portaria_web_encomendas"."destinatario_nome") <> ''),
	CONSTRAINT "encomendas_retirada_completa" CHECK (("portaria_web_encomendas"."status" = 'retirada') = ("portaria_web_encomendas"."retirada_em" is not null and "portaria_web_encomendas"."retirada_por_nome" is not null and "portaria_web_encomendas"."retirada_forma" is not null)),
	CONSTRAINT "encomendas_documento_conferido" CHECK ("portaria_web_encomendas"."retirada_forma" is distinct from 'documento' or "portaria_web_encomendas"."retirada_por_documento" is not null),
	CONSTRAINT "encomendas_devolucao_completa" CHECK (("portaria_web_encomendas"."status" = 'devolvida') = ("portaria_web_encomendas"."devolvida_em" is not null and "portaria_web_encomendas"."motivo_devolucao" is not null))
);
--> statement-breakpoint
CREATE TABLE "portaria_web_encomendas_cadeia" (
	"condominio_id" uuid PRIMARY KEY NOT NULL,
	"ultimo_seq" bigint DEFAULT 0 NOT NULL,
	"ultimo_hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portaria_web_encomenda_eventos" ADD CONSTRAINT "portaria_web_encomenda_eventos_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_encomenda_eventos" ADD CONSTRAINT "portaria_web_encomenda_eventos_encomenda_id_portaria_web_encomendas_id_fk" FOREIGN KEY ("encomenda_id") REFERENCES "public"."portaria_web_encomendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_encomendas" ADD CONSTRAINT "portaria_web_encomendas_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_encomendas" ADD CONSTRAINT "portaria_web_encomendas_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_encomendas" ADD CONSTRAINT "portaria_web_encomendas_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_encomendas_cadeia" ADD CONSTRAINT "portaria_web_encomendas_cadeia_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "encomenda_eventos_condominio_seq_unique" ON "portaria_web_encomenda_eventos" USING btree ("condominio_id","seq");--> statement-breakpoint
CREATE INDEX "encomenda_eventos_encomenda_idx" ON "portaria_web_encomenda_eventos" USING btree ("encomenda_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "encomendas_codigo_aguardando_unique" ON "portaria_web_encomendas" USING btree ("unidade_id","codigo_retirada_hash") WHERE "portaria_web_encomendas"."status" = 'aguardando';--> statement-breakpoint
CREATE INDEX "encomendas_condominio_recentes_idx" ON "portaria_web_encomendas" USING btree ("condominio_id","recebida_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "encomendas_recentes_idx" ON "portaria_web_encomendas" USING btree ("recebida_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "encomendas_unidade_aguardando_idx" ON "portaria_web_encomendas" USING btree ("unidade_id","recebida_em") WHERE "portaria_web_encomendas"."status" = 'aguardando';--> statement-breakpoint
CREATE INDEX "encomendas_condominio_aguardando_idx" ON "portaria_web_encomendas" USING btree ("condominio_id","recebida_em") WHERE "portaria_web_encomendas"."status" = 'aguardando';--> statement-breakpoint
CREATE INDEX "encomendas_unidade_idx" ON "portaria_web_encomendas" USING btree ("unidade_id","recebida_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "encomendas_destinatario_trgm" ON "portaria_web_encomendas" USING gin ("destinatario_nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "encomendas_rastreio_trgm" ON "portaria_web_encomendas" USING gin ("codigo_rastreio" gin_trgm_ops);--> statement-breakpoint
-- The custody chain of a condominium's parcels (gate-operation-spec §4), like the access records'
-- (migration 0014): every event is numbered and chained under the lock of its condominium's head,
-- at the database's own time unless an import of history (seed:demo) says otherwise.
CREATE FUNCTION portaria_web_encomenda_evento_hash(e portaria_web_encomenda_eventos) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    e.hash_anterior, e.seq::text, e.id::text, e.condominio_id::text, e.encomenda_id::text, e.tipo, e.descricao,
    coalesce(e.operador_id::text, ''), coalesce(e.operador_nome, ''),
    to_char(e.registrado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION portaria_web_encomenda_eventos_encadear() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cabeca portaria_web_encomendas_cadeia;
BEGIN
  INSERT INTO portaria_web_encomendas_cadeia (condominio_id) VALUES (NEW.condominio_id) ON CONFLICT (condominio_id) DO NOTHING;
  SELECT * INTO cabeca FROM portaria_web_encomendas_cadeia WHERE condominio_id = NEW.condominio_id FOR UPDATE;
  IF coalesce(current_setting('portal.importacao', true), '') <> 'on' THEN
    NEW.registrado_em := clock_timestamp();
  END IF;
  NEW.seq := cabeca.ultimo_seq + 1;
  NEW.hash_anterior := cabeca.ultimo_hash;
  NEW.hash := portaria_web_encomenda_evento_hash(NEW);
  UPDATE portaria_web_encomendas_cadeia SET ultimo_seq = NEW.seq, ultimo_hash = NEW.hash WHERE condominio_id = NEW.condominio_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomenda_eventos_encadear BEFORE INSERT ON portaria_web_encomenda_eventos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_encomenda_eventos_encadear();
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE of a custody event or of a chain head, by any path.
CREATE FUNCTION portaria_web_encomenda_eventos_imutaveis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Os eventos de custódia das encomendas não podem ser alterados nem excluídos.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'encomenda_eventos_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomenda_eventos_imutaveis BEFORE UPDATE OR DELETE ON portaria_web_encomenda_eventos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_encomenda_eventos_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomenda_eventos_sem_truncate BEFORE TRUNCATE ON portaria_web_encomenda_eventos
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_encomenda_eventos_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomendas_cadeia_sem_delete BEFORE DELETE ON portaria_web_encomendas_cadeia
  FOR EACH ROW EXECUTE FUNCTION portaria_web_encomenda_eventos_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomendas_cadeia_sem_truncate BEFORE TRUNCATE ON portaria_web_encomendas_cadeia
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_encomenda_eventos_imutaveis();
--> statement-breakpoint
-- A parcel is never deleted, and once handed out or sent back it is final: what the custody
-- events say stays what the parcel says. While it waits, only the reminder's time may change
-- besides its end; who it is for, where and when it came stay as received.
CREATE FUNCTION portaria_web_encomendas_finais() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'aguardando'
     AND NEW.condominio_id = OLD.condominio_id AND NEW.unidade_id = OLD.unidade_id
     AND NEW.recebida_em = OLD.recebida_em AND NEW.destinatario_nome = OLD.destinatario_nome
     AND NEW.codigo_retirada_hash = OLD.codigo_retirada_hash AND NEW.codigo_retirada_cifrado = OLD.codigo_retirada_cifrado THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Uma encomenda entregue ou devolvida não pode ser alterada, e nenhuma encomenda pode ser excluída.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'encomendas_finais';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomendas_finais BEFORE UPDATE OR DELETE ON portaria_web_encomendas
  FOR EACH ROW EXECUTE FUNCTION portaria_web_encomendas_finais();
--> statement-breakpoint
CREATE TRIGGER portaria_web_encomendas_sem_truncate BEFORE TRUNCATE ON portaria_web_encomendas
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_encomendas_finais();
