CREATE TABLE "portaria_web_pedidos_dispositivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispositivo_id" uuid NOT NULL,
	"verbo" text NOT NULL,
	"endpoint" text NOT NULL,
	"corpo" text NOT NULL,
	"estado" text DEFAULT 'aguardando' NOT NULL,
	"resposta" text,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"entregue_em" timestamp with time zone,
	"respondido_em" timestamp with time zone,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "pedidos_estado_valido" CHECK ("portaria_web_pedidos_dispositivo"."estado" in ('aguardando', 'entregue', 'respondido'))
);
--> statement-breakpoint
ALTER TABLE "portaria_web_dispositivos" ADD COLUMN "sincronizando_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portaria_web_pedidos_dispositivo" ADD CONSTRAINT "portaria_web_pedidos_dispositivo_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedidos_aguardando_idx" ON "portaria_web_pedidos_dispositivo" USING btree ("dispositivo_id","criado_em") WHERE "portaria_web_pedidos_dispositivo"."estado" = 'aguardando';--> statement-breakpoint
CREATE INDEX "pedidos_expira_idx" ON "portaria_web_pedidos_dispositivo" USING btree ("expira_em");