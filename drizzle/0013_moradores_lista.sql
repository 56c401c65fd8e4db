CREATE INDEX "moradores_nome_ordem_idx" ON "portaria_web_moradores" USING btree ("nome_completo","id");--> statement-breakpoint
CREATE INDEX "moradores_cpf_trgm" ON "portaria_web_moradores" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "moradores_telefone_trgm" ON "portaria_web_moradores" USING gin ("telefone_celular" gin_trgm_ops);