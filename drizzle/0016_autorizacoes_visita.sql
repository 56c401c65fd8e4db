CREATE TABLE "portaria_web_autorizacoes_visita" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"morador_id" uuid,
	"nome_visitante" text NOT NULL,
	"documento_tipo" text,
	"documento_numero" text,
	"telefone" text,
	"email" text,
	"placa" varchar(7),
	"tipo" text NOT NULL,
	"valido_de" timestamp with time zone NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL,
	"dias_semana" integer[],
	"hora_inicio" time,
	"hora_fim" time,
	"max_entradas" integer,
	"entradas_usadas" integer DEFAULT 0 NOT NULL,
	"codigo" varchar(8) NOT NULL,
	"status" text DEFAULT 'ativa' NOT NULL,
	"criado_por" uuid,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizacoes_tipo" CHECK ("portaria_web_autorizacoes_visita"."tipo" in ('unica', 'periodo', 'recorrente')),
	CONSTRAINT "autorizacoes_status" CHECK ("portaria_web_autorizacoes_visita"."status" in ('ativa', 'utilizada', 'cancelada')),
	CONSTRAINT "autorizacoes_nome_not_blank" CHECK (btrim("portaria_web_autorizacoes_visita"."nome_visitante") <> ''),
	CONSTRAINT "autorizacoes_documento_tipo" CHECK ("portaria_web_autorizacoes_visita"."documento_tipo" is null or "portaria_web_autorizacoes_visita"."documento_tipo" in ('cpf', 'rg', 'cnh', 'passaporte', 'outro')),
	CONSTRAINT "autorizacoes_periodo" CHECK ("portaria_web_autorizacoes_visita"."valido_ate" >= "portaria_web_autorizacoes_visita"."valido_de"),
	CONSTRAINT "autorizacoes_max_entradas" CHECK ("portaria_web_autorizacoes_visita"."max_entradas" is null or "portaria_web_autorizacoes_visita"."max_entradas" >= 1),
	CONSTRAINT "autorizacoes_entradas_usadas" CHECK ("portaria_web_autorizacoes_visita"."entradas_usadas" >= 0 and ("portaria_web_autorizacoes_visita"."max_entradas" is null or "portaria_web_autorizacoes_visita"."entradas_usadas" <= "portaria_web_autorizacoes_visita"."max_entradas")),
	CONSTRAINT "autorizacoes_unica_uma_entrada" CHECK ("portaria_web_autorizacoes_visita"."tipo" <> 'unica' or "portaria_web_autorizacoes_visita"."max_entradas" = 1),
	CONSTRAINT "autorizacoes_recorrente" CHECK ("portaria_web_autorizacoes_visita"."tipo" <> 'recorrente' or ("portaria_web_autorizacoes_visita"."dias_semana" is not null and "portaria_web_autorizacoes_visita"."hora_inicio" is not null and "portaria_web_autorizacoes_visita"."hora_fim" is not null)),
	CONSTRAINT "autorizacoes_dias_semana" CHECK ("portaria_web_autorizacoes_visita"."dias_semana" is null or (cardinality("portaria_web_autorizacoes_visita"."dias_semana") between 1 and 7 and "portaria_web_autorizacoes_visita"."dias_semana" <@ array[0, 1, 2, 3, 4, 5, 6])),
	CONSTRAINT "autorizacoes_horario" CHECK (("portaria_web_autorizacoes_visita"."hora_inicio" is null) = ("portaria_web_autorizacoes_visita"."hora_fim" is null) and ("portaria_web_autorizacoes_visita"."hora_fim" is null or "portaria_web_autorizacoes_visita"."hora_fim" > "portaria_web_autorizacoes_visita"."hora_inicio")),
	CONSTRAINT "autorizacoes_codigo" CHECK ("portaria_web_autorizacoes_visita"."codigo" ~ '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$')
);
--> statement-breakpoint
ALTER TABLE "portal_fila_emails" ADD COLUMN "anexos" jsonb;--> statement-breakpoint
ALTER TABLE "portaria_web_autorizacoes_visita" ADD CONSTRAINT "portaria_web_autorizacoes_visita_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_autorizacoes_visita" ADD CONSTRAINT "portaria_web_autorizacoes_visita_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_autorizacoes_visita" ADD CONSTRAINT "portaria_web_autorizacoes_visita_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autorizacoes_codigo_ativas_unique" ON "portaria_web_autorizacoes_visita" USING btree ("codigo") WHERE "portaria_web_autorizacoes_visita"."status" = 'ativa';--> statement-breakpoint
CREATE INDEX "autorizacoes_codigo_idx" ON "portaria_web_autorizacoes_visita" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "autorizacoes_condominio_recentes_idx" ON "portaria_web_autorizacoes_visita" USING btree ("condominio_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "autorizacoes_recentes_idx" ON "portaria_web_autorizacoes_visita" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "autorizacoes_unidade_idx" ON "portaria_web_autorizacoes_visita" USING btree ("unidade_id");--> statement-breakpoint
CREATE INDEX "autorizacoes_morador_idx" ON "portaria_web_autorizacoes_visita" USING btree ("morador_id");--> statement-breakpoint
CREATE INDEX "autorizacoes_nome_trgm" ON "portaria_web_autorizacoes_visita" USING gin ("nome_visitante" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "autorizacoes_documento_trgm" ON "portaria_web_autorizacoes_visita" USING gin ("documento_numero" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "autorizacoes_codigo_trgm" ON "portaria_web_autorizacoes_visita" USING gin ("codigo" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "portaria_web_registros_acesso_autorizacao_id_portaria_web_autorizacoes_visita_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."portaria_web_autorizacoes_visita"("id") ON DELETE no action ON UPDATE no action;