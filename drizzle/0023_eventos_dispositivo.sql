CREATE TABLE "portaria_web_alarmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"dispositivo_id" uuid,
	"tipo" text NOT NULL,
	"mensagem" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrado_em" timestamp with time zone,
	"ciente_por" uuid,
	"ciente_por_nome" text,
	"ciente_em" timestamp with time zone,
	CONSTRAINT "alarmes_tipo_valido" CHECK ("portaria_web_alarmes"."tipo" in ('dispositivo_offline', 'porta_forcada', 'porta_aberta_demais', 'liberacao_indevida', 'eventos_perdidos')),
	CONSTRAINT "alarmes_ciente_completo" CHECK (("portaria_web_alarmes"."ciente_em" is null) = ("portaria_web_alarmes"."ciente_por_nome" is null))
);
--> statement-breakpoint
CREATE TABLE "portaria_web_eventos_dispositivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispositivo_id" uuid NOT NULL,
	"id_no_dispositivo" text NOT NULL,
	"tipo" text NOT NULL,
	"ocorrido_em" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"dados" jsonb NOT NULL,
	"registro_id" uuid,
	CONSTRAINT "eventos_tipo_valido" CHECK ("portaria_web_eventos_dispositivo"."tipo" in ('identificacao', 'porta_aberta', 'porta_fechada', 'porta_forcada', 'porta_mantida_aberta')),
	CONSTRAINT "eventos_id_no_dispositivo" CHECK (length("portaria_web_eventos_dispositivo"."id_no_dispositivo") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "portaria_web_pessoas_dispositivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispositivo_id" uuid NOT NULL,
	"pessoa_chave" text NOT NULL,
	"id_no_dispositivo" text NOT NULL,
	"estado" text DEFAULT 'pendente' NOT NULL,
	"motivo" text,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pessoas_dispositivo_estado" CHECK ("portaria_web_pessoas_dispositivo"."estado" in ('sincronizado', 'pendente', 'falhou')),
	CONSTRAINT "pessoas_dispositivo_chave" CHECK ("portaria_web_pessoas_dispositivo"."pessoa_chave" ~ '^(morador|prestador|autorizacao):[0-9a-f-]{36}$')
);
--> statement-breakpoint
ALTER TABLE "portaria_web_dispositivos" ADD COLUMN "ultimo_numero_evento" bigint;--> statement-breakpoint
ALTER TABLE "portaria_web_alarmes" ADD CONSTRAINT "portaria_web_alarmes_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_alarmes" ADD CONSTRAINT "portaria_web_alarmes_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_eventos_dispositivo" ADD CONSTRAINT "portaria_web_eventos_dispositivo_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_eventos_dispositivo" ADD CONSTRAINT "portaria_web_eventos_dispositivo_registro_id_portaria_web_registros_acesso_id_fk" FOREIGN KEY ("registro_id") REFERENCES "public"."portaria_web_registros_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_pessoas_dispositivo" ADD CONSTRAINT "portaria_web_pessoas_dispositivo_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarmes_offline_aberto_idx" ON "portaria_web_alarmes" USING btree ("dispositivo_id") WHERE "portaria_web_alarmes"."tipo" = 'dispositivo_offline' and "portaria_web_alarmes"."encerrado_em" is null;--> statement-breakpoint
CREATE INDEX "alarmes_abertos_idx" ON "portaria_web_alarmes" USING btree ("condominio_id","criado_em" DESC NULLS LAST) WHERE "portaria_web_alarmes"."ciente_em" is null;--> statement-breakpoint
CREATE INDEX "alarmes_condominio_idx" ON "portaria_web_alarmes" USING btree ("condominio_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_dispositivo_numero_idx" ON "portaria_web_eventos_dispositivo" USING btree ("dispositivo_id","id_no_dispositivo");--> statement-breakpoint
CREATE INDEX "eventos_dispositivo_recebido_idx" ON "portaria_web_eventos_dispositivo" USING btree ("dispositivo_id","recebido_em" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_dispositivo_pessoa_idx" ON "portaria_web_pessoas_dispositivo" USING btree ("dispositivo_id","pessoa_chave");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_dispositivo_numero_idx" ON "portaria_web_pessoas_dispositivo" USING btree ("dispositivo_id","id_no_dispositivo");