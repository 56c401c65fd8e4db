CREATE TABLE "portaria_web_morador_contas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"morador_id" uuid NOT NULL,
	"auth_user_id" text,
	"status" text DEFAULT 'convidado' NOT NULL,
	"email" text NOT NULL,
	"convite_hash" text,
	"convite_expira_em" timestamp with time zone,
	"convidado_por" text,
	"convidado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ativado_em" timestamp with time zone,
	CONSTRAINT "morador_contas_status_valido" CHECK ("portaria_web_morador_contas"."status" in ('convidado', 'ativo', 'desativado')),
	CONSTRAINT "morador_contas_ativa_tem_usuario" CHECK ("portaria_web_morador_contas"."status" <> 'ativo' or "portaria_web_morador_contas"."auth_user_id" is not null),
	CONSTRAINT "morador_contas_email_preenchido" CHECK (btrim("portaria_web_morador_contas"."email") <> '')
);
--> statement-breakpoint
ALTER TABLE "portaria_web_morador_contas" ADD CONSTRAINT "portaria_web_morador_contas_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_morador_contas" ADD CONSTRAINT "portaria_web_morador_contas_auth_user_id_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "morador_contas_morador_idx" ON "portaria_web_morador_contas" USING btree ("morador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "morador_contas_convite_idx" ON "portaria_web_morador_contas" USING btree ("convite_hash");--> statement-breakpoint
CREATE INDEX "morador_contas_usuario_idx" ON "portaria_web_morador_contas" USING btree ("auth_user_id");