CREATE TABLE "portaria_web_bloqueios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid,
	"tipo" text NOT NULL,
	"nome" text,
	"documento_numero" text,
	"placa" varchar(7),
	"motivo" text NOT NULL,
	"valido_ate" date,
	"criado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removido_por" uuid,
	"removido_em" timestamp with time zone,
	CONSTRAINT "bloqueios_tipo" CHECK ("portaria_web_bloqueios"."tipo" in ('pessoa', 'veiculo')),
	CONSTRAINT "bloqueios_motivo_not_blank" CHECK (btrim("portaria_web_bloqueios"."motivo") <> ''),
	CONSTRAINT "bloqueios_pessoa" CHECK ("portaria_web_bloqueios"."tipo" <> 'pessoa' or coalesce(btrim("portaria_web_bloqueios"."documento_numero"), btrim("portaria_web_bloqueios"."nome"), '') <> ''),
	CONSTRAINT "bloqueios_veiculo" CHECK ("portaria_web_bloqueios"."tipo" <> 'veiculo' or "portaria_web_bloqueios"."placa" is not null)
);
--> statement-breakpoint
CREATE TABLE "portaria_web_presencas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"pessoa_chave" text NOT NULL,
	"tipo_pessoa" text NOT NULL,
	"morador_id" uuid,
	"prestador_id" uuid,
	"autorizacao_id" uuid,
	"nome_pessoa" text NOT NULL,
	"documento" text,
	"unidade_id" uuid,
	"placa" varchar(7),
	"registro_entrada_id" uuid NOT NULL,
	"entrou_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_registros_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid,
	"tipo_pessoa" text NOT NULL,
	"morador_id" uuid,
	"prestador_id" uuid,
	"autorizacao_id" uuid,
	"nome_pessoa" text NOT NULL,
	"documento" text,
	"placa" varchar(7),
	"sentido" text NOT NULL,
	"resultado" text NOT NULL,
	"motivo" text,
	"metodo" text NOT NULL,
	"autorizado_por" text,
	"observacao" text,
	"liberado_manualmente" boolean DEFAULT false NOT NULL,
	"operador_id" uuid,
	"operador_nome" text,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"corrige_registro_id" uuid,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash_anterior" text DEFAULT '' NOT NULL,
	"dados_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"anonimizado_em" timestamp with time zone,
	CONSTRAINT "registros_tipo_pessoa" CHECK ("portaria_web_registros_acesso"."tipo_pessoa" in ('morador', 'visitante', 'prestador', 'entregador')),
	CONSTRAINT "registros_sentido" CHECK ("portaria_web_registros_acesso"."sentido" in ('entrada', 'saida')),
	CONSTRAINT "registros_resultado" CHECK ("portaria_web_registros_acesso"."resultado" in ('liberado', 'negado')),
	CONSTRAINT "registros_metodo" CHECK ("portaria_web_registros_acesso"."metodo" in ('busca', 'codigo', 'qrcode', 'manual')),
	CONSTRAINT "registros_negado_com_motivo" CHECK ("portaria_web_registros_acesso"."resultado" <> 'negado' or "portaria_web_registros_acesso"."motivo" is not null)
);
--> statement-breakpoint
CREATE TABLE "portaria_web_registros_cadeia" (
	"condominio_id" uuid PRIMARY KEY NOT NULL,
	"ultimo_seq" bigint DEFAULT 0 NOT NULL,
	"ultimo_hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portaria_web_bloqueios" ADD CONSTRAINT "portaria_web_bloqueios_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_presencas" ADD CONSTRAINT "portaria_web_presencas_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_presencas" ADD CONSTRAINT "portaria_web_presencas_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_presencas" ADD CONSTRAINT "portaria_web_presencas_registro_entrada_id_portaria_web_registros_acesso_id_fk" FOREIGN KEY ("registro_entrada_id") REFERENCES "public"."portaria_web_registros_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "portaria_web_registros_acesso_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "portaria_web_registros_acesso_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "portaria_web_registros_acesso_corrige_registro_id_portaria_web_registros_acesso_id_fk" FOREIGN KEY ("corrige_registro_id") REFERENCES "public"."portaria_web_registros_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_registros_cadeia" ADD CONSTRAINT "portaria_web_registros_cadeia_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueios_documento_ativos_idx" ON "portaria_web_bloqueios" USING btree ("documento_numero") WHERE "portaria_web_bloqueios"."removido_em" is null;--> statement-breakpoint
CREATE INDEX "bloqueios_placa_ativos_idx" ON "portaria_web_bloqueios" USING btree ("placa") WHERE "portaria_web_bloqueios"."removido_em" is null;--> statement-breakpoint
CREATE INDEX "bloqueios_condominio_idx" ON "portaria_web_bloqueios" USING btree ("condominio_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "presencas_pessoa_unique" ON "portaria_web_presencas" USING btree ("condominio_id","pessoa_chave");--> statement-breakpoint
CREATE INDEX "presencas_condominio_entrada_idx" ON "portaria_web_presencas" USING btree ("condominio_id","entrou_em");--> statement-breakpoint
CREATE UNIQUE INDEX "registros_condominio_seq_unique" ON "portaria_web_registros_acesso" USING btree ("condominio_id","seq");--> statement-breakpoint
CREATE INDEX "registros_condominio_recentes_idx" ON "portaria_web_registros_acesso" USING btree ("condominio_id","registrado_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registros_recentes_idx" ON "portaria_web_registros_acesso" USING btree ("registrado_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registros_placa_idx" ON "portaria_web_registros_acesso" USING btree ("placa","registrado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registros_nome_trgm" ON "portaria_web_registros_acesso" USING gin ("nome_pessoa" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registros_documento_trgm" ON "portaria_web_registros_acesso" USING gin ("documento" gin_trgm_ops);--> statement-breakpoint
-- The chain of a condominium's access records (gatehouse-spec §5, docs/decisions.md "Registros").
-- dados_hash: the digest of the personal data as seen at the gate; the retention job may blank
-- those fields (anonymisation) and the chain still verifies through this digest.
CREATE FUNCTION portaria_web_registro_dados_hash(r portaria_web_registros_acesso) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', r.nome_pessoa, coalesce(r.documento, ''), coalesce(r.placa, ''), coalesce(r.autorizado_por, ''), coalesce(r.observacao, '')), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION portaria_web_registro_hash(r portaria_web_registros_acesso) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    r.hash_anterior, r.seq::text, r.id::text, r.condominio_id::text, coalesce(r.unidade_id::text, ''), r.tipo_pessoa,
    coalesce(r.morador_id::text, ''), coalesce(r.prestador_id::text, ''), coalesce(r.autorizacao_id::text, ''), r.dados_hash,
    r.sentido, r.resultado, coalesce(r.motivo, ''), r.metodo, r.liberado_manualmente::text,
    coalesce(r.operador_id::text, ''), coalesce(r.operador_nome, ''),
    to_char(r.registrado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), coalesce(r.corrige_registro_id::text, '')
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every insert, by any path, is numbered and chained under the lock of its condominium's chain
-- head: two gates registering at the same instant are chained one after the other. The time is
-- the database's own when the lock is held (monotonic along the chain), unless an import of
-- history (seed:demo) says otherwise with `portal.importacao = on`.
CREATE FUNCTION portaria_web_registros_encadear() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cabeca portaria_web_registros_cadeia;
BEGIN
  INSERT INTO portaria_web_registros_cadeia (condominio_id) VALUES (NEW.condominio_id) ON CONFLICT (condominio_id) DO NOTHING;
  SELECT * INTO cabeca FROM portaria_web_registros_cadeia WHERE condominio_id = NEW.condominio_id FOR UPDATE;
  IF coalesce(current_setting('portal.importacao', true), '') <> 'on' THEN
    NEW.registrado_em := clock_timestamp();
  END IF;
  NEW.seq := cabeca.ultimo_seq + 1;
  NEW.hash_anterior := cabeca.ultimo_hash;
  NEW.anonimizado_em := NULL;
  NEW.dados_hash := portaria_web_registro_dados_hash(NEW);
  NEW.hash := portaria_web_registro_hash(NEW);
  UPDATE portaria_web_registros_cadeia SET ultimo_seq = NEW.seq, ultimo_hash = NEW.hash WHERE condominio_id = NEW.condominio_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_encadear BEFORE INSERT ON portaria_web_registros_acesso
  FOR EACH ROW EXECUTE FUNCTION portaria_web_registros_encadear();
--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE, by anyone, through any path. The one exception is
-- the retention job's anonymisation (`portal.anonimizacao = on` in its transaction), and then
-- only blanking the personal data of a record not yet anonymised, nothing else.
CREATE FUNCTION portaria_web_registros_imutaveis() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  resto portaria_web_registros_acesso;
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('portal.anonimizacao', true), '') = 'on' THEN
    IF OLD.anonimizado_em IS NULL AND NEW.anonimizado_em IS NOT NULL
       AND NEW.nome_pessoa = 'Anonimizado' AND NEW.documento IS NULL AND NEW.placa IS NULL AND NEW.autorizado_por IS NULL
       AND NEW.observacao IS NULL THEN
      resto := NEW;
      resto.nome_pessoa := OLD.nome_pessoa;
      resto.documento := OLD.documento;
      resto.placa := OLD.placa;
      resto.autorizado_por := OLD.autorizado_por;
      resto.observacao := OLD.observacao;
      resto.anonimizado_em := NULL;
      IF row(resto.*) IS NOT DISTINCT FROM row(OLD.*) THEN
        RETURN NEW;
      END IF;
    END IF;
  END IF;
  RAISE EXCEPTION 'Registros de acesso não podem ser alterados nem excluídos; uma correção é um novo registro.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'registros_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_imutaveis BEFORE UPDATE OR DELETE ON portaria_web_registros_acesso
  FOR EACH ROW EXECUTE FUNCTION portaria_web_registros_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_sem_truncate BEFORE TRUNCATE ON portaria_web_registros_acesso
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_registros_imutaveis();
--> statement-breakpoint
-- The chain heads are written only by the chaining trigger: no DELETE or TRUNCATE either.
CREATE FUNCTION portaria_web_registros_cadeia_imutavel() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A cadeia dos registros de acesso não pode ser apagada.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'registros_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_cadeia_sem_delete BEFORE DELETE ON portaria_web_registros_cadeia
  FOR EACH ROW EXECUTE FUNCTION portaria_web_registros_cadeia_imutavel();
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_cadeia_sem_truncate BEFORE TRUNCATE ON portaria_web_registros_cadeia
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_registros_cadeia_imutavel();
