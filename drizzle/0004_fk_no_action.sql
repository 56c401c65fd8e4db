ALTER TABLE "portaria_web_grupo_permissoes" DROP CONSTRAINT "portaria_web_grupo_permissoes_permissao_id_portaria_web_permissoes_id_fk";
--> statement-breakpoint
ALTER TABLE "portaria_web_moradores" DROP CONSTRAINT "portaria_web_moradores_unidade_id_portaria_web_unidades_id_fk";
--> statement-breakpoint
ALTER TABLE "portaria_web_prestadores_servicos" DROP CONSTRAINT "portaria_web_prestadores_servicos_condominio_id_portaria_web_condominios_id_fk";
--> statement-breakpoint
ALTER TABLE "portaria_web_unidades" DROP CONSTRAINT "portaria_web_unidades_condominio_id_portaria_web_condominios_id_fk";
--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" DROP CONSTRAINT "portaria_web_veiculos_unidade_id_portaria_web_unidades_id_fk";
--> statement-breakpoint
ALTER TABLE "portaria_web_grupo_permissoes" ADD CONSTRAINT "portaria_web_grupo_permissoes_permissao_id_portaria_web_permissoes_id_fk" FOREIGN KEY ("permissao_id") REFERENCES "public"."portaria_web_permissoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_moradores" ADD CONSTRAINT "portaria_web_moradores_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_prestadores_servicos" ADD CONSTRAINT "portaria_web_prestadores_servicos_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_unidades" ADD CONSTRAINT "portaria_web_unidades_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD CONSTRAINT "portaria_web_veiculos_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE no action ON UPDATE no action;