CREATE TABLE "portaria_web_dispositivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"fabricante" text NOT NULL,
	"modelo" text NOT NULL,
	"conexao" text NOT NULL,
	"endereco" text,
	"usuario" text,
	"senha" text,
	"token_integracao" text NOT NULL,
	"portas" jsonb NOT NULL,
	"sensor_porta" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"estado" text DEFAULT 'offline' NOT NULL,
	"erro" text,
	"ultimo_contato_em" timestamp with time zone,
	"firmware" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispositivos_nome_not_blank" CHECK (btrim("portaria_web_dispositivos"."nome") <> ''),
	CONSTRAINT "dispositivos_fabricante_valido" CHECK ("portaria_web_dispositivos"."fabricante" in ('controlid', 'intelbras')),
	CONSTRAINT "dispositivos_conexao_valida" CHECK ("portaria_web_dispositivos"."conexao" in ('direta', 'saida')),
	CONSTRAINT "dispositivos_estado_valido" CHECK ("portaria_web_dispositivos"."estado" in ('online', 'offline', 'erro')),
	CONSTRAINT "dispositivos_direta_tem_endereco" CHECK ("portaria_web_dispositivos"."conexao" <> 'direta' or "portaria_web_dispositivos"."endereco" is not null),
	CONSTRAINT "dispositivos_portas_lista" CHECK (jsonb_typeof("portaria_web_dispositivos"."portas") = 'array' and jsonb_array_length("portaria_web_dispositivos"."portas") between 1 and 8),
	CONSTRAINT "dispositivos_token_longo" CHECK (length("portaria_web_dispositivos"."token_integracao") >= 32)
);
--> statement-breakpoint
ALTER TABLE "portaria_web_dispositivos" ADD CONSTRAINT "portaria_web_dispositivos_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_token_idx" ON "portaria_web_dispositivos" USING btree ("token_integracao");--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivos_condominio_nome_idx" ON "portaria_web_dispositivos" USING btree ("condominio_id",lower("nome"));--> statement-breakpoint
CREATE INDEX "dispositivos_ordem_idx" ON "portaria_web_dispositivos" USING btree ("nome","id");--> statement-breakpoint
CREATE INDEX "dispositivos_condominio_ordem_idx" ON "portaria_web_dispositivos" USING btree ("condominio_id","nome","id");