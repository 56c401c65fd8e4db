CREATE TABLE "portaria_web_usuario_condominios" (
	"usuario_id" uuid NOT NULL,
	"condominio_id" uuid NOT NULL,
	CONSTRAINT "portaria_web_usuario_condominios_usuario_id_condominio_id_pk" PRIMARY KEY("usuario_id","condominio_id")
);
--> statement-breakpoint
ALTER TABLE "portaria_web_usuarios" ADD COLUMN "acesso_todos_condominios" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portaria_web_usuario_condominios" ADD CONSTRAINT "portaria_web_usuario_condominios_usuario_id_portaria_web_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_usuario_condominios" ADD CONSTRAINT "portaria_web_usuario_condominios_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_condominios_condominio_idx" ON "portaria_web_usuario_condominios" USING btree ("condominio_id");--> statement-breakpoint
-- Users existing before the condominium scope keep access to every condominium (gatehouse-spec §2).
UPDATE "portaria_web_usuarios" SET "acesso_todos_condominios" = true;
