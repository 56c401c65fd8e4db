CREATE TABLE "portaria_web_cartoes_moradores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"morador_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"condominio_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"numero" text NOT NULL,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartoes_moradores_tipo" CHECK ("portaria_web_cartoes_moradores"."tipo" in ('cartao', 'tag')),
	CONSTRAINT "cartoes_moradores_numero" CHECK ("portaria_web_cartoes_moradores"."numero" ~ '^[1-9][0-9]{0,19}$')
);
--> statement-breakpoint
ALTER TABLE "portaria_web_cartoes_moradores" ADD CONSTRAINT "portaria_web_cartoes_moradores_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_cartoes_moradores" ADD CONSTRAINT "cartoes_moradores_morador_unidade_fk" FOREIGN KEY ("morador_id","unidade_id") REFERENCES "public"."portaria_web_moradores"("id","unidade_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "portaria_web_cartoes_moradores" ADD CONSTRAINT "cartoes_moradores_unidade_condominio_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."portaria_web_unidades"("id","condominio_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "cartoes_moradores_condominio_numero_unique" ON "portaria_web_cartoes_moradores" USING btree ("condominio_id","numero");--> statement-breakpoint
CREATE INDEX "cartoes_moradores_morador_idx" ON "portaria_web_cartoes_moradores" USING btree ("morador_id","criado_em");--> statement-breakpoint
CREATE INDEX "cartoes_moradores_unidade_idx" ON "portaria_web_cartoes_moradores" USING btree ("unidade_id");