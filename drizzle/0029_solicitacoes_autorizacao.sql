CREATE TABLE "portaria_web_solicitacoes_autorizacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"nome_visitante" text NOT NULL,
	"documento" text,
	"tipo_pessoa" text NOT NULL,
	"placa" text,
	"solicitado_por" uuid NOT NULL,
	"solicitado_por_nome" text NOT NULL,
	"estado" text DEFAULT 'aguardando' NOT NULL,
	"respondida_por" uuid,
	"respondida_por_nome" text,
	"canal" text,
	"mensagem" text,
	"respondida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "solicitacoes_estado_valido" CHECK ("portaria_web_solicitacoes_autorizacao"."estado" in ('aguardando', 'aprovada', 'recusada', 'sem_resposta', 'cancelada')),
	CONSTRAINT "solicitacoes_tipo_valido" CHECK ("portaria_web_solicitacoes_autorizacao"."tipo_pessoa" in ('visitante', 'entrega')),
	CONSTRAINT "solicitacoes_canal_valido" CHECK ("portaria_web_solicitacoes_autorizacao"."canal" is null or "portaria_web_solicitacoes_autorizacao"."canal" in ('app', 'push', 'whatsapp', 'sms', 'email', 'regra')),
	CONSTRAINT "solicitacoes_nome_preenchido" CHECK (btrim("portaria_web_solicitacoes_autorizacao"."nome_visitante") <> ''),
	CONSTRAINT "solicitacoes_resposta_completa" CHECK (("portaria_web_solicitacoes_autorizacao"."estado" in ('aprovada', 'recusada')) = ("portaria_web_solicitacoes_autorizacao"."canal" is not null and "portaria_web_solicitacoes_autorizacao"."respondida_em" is not null))
);
--> statement-breakpoint
ALTER TABLE "portaria_web_solicitacoes_autorizacao" ADD CONSTRAINT "portaria_web_solicitacoes_autorizacao_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_solicitacoes_autorizacao" ADD CONSTRAINT "portaria_web_solicitacoes_autorizacao_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_solicitacoes_autorizacao" ADD CONSTRAINT "portaria_web_solicitacoes_autorizacao_respondida_por_portaria_web_moradores_id_fk" FOREIGN KEY ("respondida_por") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitacoes_unidade_idx" ON "portaria_web_solicitacoes_autorizacao" USING btree ("unidade_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_aguardando_idx" ON "portaria_web_solicitacoes_autorizacao" USING btree ("expira_em") WHERE "portaria_web_solicitacoes_autorizacao"."estado" = 'aguardando';--> statement-breakpoint
CREATE INDEX "solicitacoes_condominio_idx" ON "portaria_web_solicitacoes_autorizacao" USING btree ("condominio_id","created_at" DESC NULLS LAST);