ALTER TABLE "portaria_web_moradores" ADD CONSTRAINT "moradores_id_unidade_key" UNIQUE("id","unidade_id");--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD CONSTRAINT "veiculos_morador_unidade_fk" FOREIGN KEY ("morador_id","unidade_id") REFERENCES "public"."portaria_web_moradores"("id","unidade_id") ON DELETE cascade ON UPDATE no action;
