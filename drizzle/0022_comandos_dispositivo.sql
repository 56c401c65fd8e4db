CREATE TABLE "portaria_web_comandos_dispositivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispositivo_id" uuid NOT NULL,
	"porta" integer NOT NULL,
	"registro_id" uuid,
	"solicitado_por" uuid NOT NULL,
	"solicitado_por_nome" text NOT NULL,
	"chave_idempotencia" text NOT NULL,
	"estado" text DEFAULT 'solicitado' NOT NULL,
	"motivo_falha" text,
	"solicitado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"executado_em" timestamp with time zone,
	"aberta_em" timestamp with time zone,
	"fechada_em" timestamp with time zone,
	CONSTRAINT "comandos_estado_valido" CHECK ("portaria_web_comandos_dispositivo"."estado" in ('solicitado', 'enviado', 'executado', 'aberta', 'fechada', 'falhou')),
	CONSTRAINT "comandos_falhou_com_motivo" CHECK (("portaria_web_comandos_dispositivo"."estado" = 'falhou') = ("portaria_web_comandos_dispositivo"."motivo_falha" is not null)),
	CONSTRAINT "comandos_porta_valida" CHECK ("portaria_web_comandos_dispositivo"."porta" between 1 and 8),
	CONSTRAINT "comandos_chave_valida" CHECK (length("portaria_web_comandos_dispositivo"."chave_idempotencia") between 8 and 100)
);
--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" DROP CONSTRAINT "registros_tipo_pessoa";--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" DROP CONSTRAINT "registros_metodo";--> statement-breakpoint
ALTER TABLE "portaria_web_comandos_dispositivo" ADD CONSTRAINT "portaria_web_comandos_dispositivo_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_comandos_dispositivo" ADD CONSTRAINT "portaria_web_comandos_dispositivo_registro_id_portaria_web_registros_acesso_id_fk" FOREIGN KEY ("registro_id") REFERENCES "public"."portaria_web_registros_acesso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comandos_chave_idx" ON "portaria_web_comandos_dispositivo" USING btree ("solicitado_por","chave_idempotencia");--> statement-breakpoint
CREATE INDEX "comandos_dispositivo_idx" ON "portaria_web_comandos_dispositivo" USING btree ("dispositivo_id","solicitado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comandos_em_andamento_idx" ON "portaria_web_comandos_dispositivo" USING btree ("solicitado_em") WHERE "portaria_web_comandos_dispositivo"."estado" in ('solicitado', 'enviado', 'executado', 'aberta');--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "registros_tipo_pessoa" CHECK ("portaria_web_registros_acesso"."tipo_pessoa" in ('morador', 'visitante', 'prestador', 'entregador', 'nao_identificado'));--> statement-breakpoint
ALTER TABLE "portaria_web_registros_acesso" ADD CONSTRAINT "registros_metodo" CHECK ("portaria_web_registros_acesso"."metodo" in ('busca', 'codigo', 'qrcode', 'manual', 'remoto', 'dispositivo'));