CREATE TABLE "portaria_web_links_resposta" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"morador_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "links_resposta_canal_valido" CHECK ("portaria_web_links_resposta"."canal" in ('whatsapp', 'sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "portaria_web_morador_preferencias" (
	"morador_id" uuid PRIMARY KEY NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"silencio_de" text,
	"silencio_ate" text,
	"regra_entregas" text DEFAULT 'sempre_perguntar' NOT NULL,
	"regra_de" text,
	"regra_ate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "morador_preferencias_regra_valida" CHECK ("portaria_web_morador_preferencias"."regra_entregas" in ('sempre_perguntar', 'liberar_sempre')),
	CONSTRAINT "morador_preferencias_silencio_par" CHECK (("portaria_web_morador_preferencias"."silencio_de" is null) = ("portaria_web_morador_preferencias"."silencio_ate" is null)),
	CONSTRAINT "morador_preferencias_regra_horario" CHECK ("portaria_web_morador_preferencias"."regra_entregas" = 'sempre_perguntar' or ("portaria_web_morador_preferencias"."regra_de" is not null and "portaria_web_morador_preferencias"."regra_ate" is not null)),
	CONSTRAINT "morador_preferencias_horas" CHECK (("portaria_web_morador_preferencias"."silencio_de" is null or "portaria_web_morador_preferencias"."silencio_de" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and ("portaria_web_morador_preferencias"."silencio_ate" is null or "portaria_web_morador_preferencias"."silencio_ate" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and ("portaria_web_morador_preferencias"."regra_de" is null or "portaria_web_morador_preferencias"."regra_de" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and ("portaria_web_morador_preferencias"."regra_ate" is null or "portaria_web_morador_preferencias"."regra_ate" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'))
);
--> statement-breakpoint
CREATE TABLE "portaria_web_notificacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"morador_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"canal" text NOT NULL,
	"estado" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"erro" text,
	"referencia_id" uuid NOT NULL,
	"destino" text,
	"enviar_apos" timestamp with time zone DEFAULT now() NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"id_externo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviada_em" timestamp with time zone,
	CONSTRAINT "notificacoes_tipo_valido" CHECK ("portaria_web_notificacoes"."tipo" in ('solicitacao', 'encomenda', 'visitante_chegou', 'lembrete_encomenda')),
	CONSTRAINT "notificacoes_canal_valido" CHECK ("portaria_web_notificacoes"."canal" in ('app', 'push', 'whatsapp', 'sms', 'email')),
	CONSTRAINT "notificacoes_estado_valido" CHECK ("portaria_web_notificacoes"."estado" in ('pendente', 'enviada', 'entregue', 'lida', 'falhou', 'cancelada')),
	CONSTRAINT "notificacoes_tentativas" CHECK ("portaria_web_notificacoes"."tentativas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "portaria_web_push_inscricoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portaria_web_links_resposta" ADD CONSTRAINT "portaria_web_links_resposta_solicitacao_id_portaria_web_solicitacoes_autorizacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."portaria_web_solicitacoes_autorizacao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_links_resposta" ADD CONSTRAINT "portaria_web_links_resposta_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_morador_preferencias" ADD CONSTRAINT "portaria_web_morador_preferencias_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_notificacoes" ADD CONSTRAINT "portaria_web_notificacoes_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_push_inscricoes" ADD CONSTRAINT "portaria_web_push_inscricoes_auth_user_id_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "links_resposta_solicitacao_idx" ON "portaria_web_links_resposta" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE INDEX "notificacoes_pendentes_idx" ON "portaria_web_notificacoes" USING btree ("proxima_tentativa_em") WHERE "portaria_web_notificacoes"."estado" = 'pendente';--> statement-breakpoint
CREATE INDEX "notificacoes_referencia_idx" ON "portaria_web_notificacoes" USING btree ("referencia_id");--> statement-breakpoint
CREATE INDEX "notificacoes_morador_idx" ON "portaria_web_notificacoes" USING btree ("morador_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notificacoes_id_externo_idx" ON "portaria_web_notificacoes" USING btree ("canal","id_externo") WHERE "portaria_web_notificacoes"."id_externo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_inscricoes_endpoint_idx" ON "portaria_web_push_inscricoes" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_inscricoes_usuario_idx" ON "portaria_web_push_inscricoes" USING btree ("auth_user_id");