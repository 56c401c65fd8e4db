DROP INDEX "unidades_ordem_idx";--> statement-breakpoint
DROP INDEX "unidades_condominio_ordem_idx";--> statement-breakpoint
CREATE INDEX "unidades_ordem_idx" ON "portaria_web_unidades" USING btree (coalesce("bloco", ''),coalesce(lpad(substring("numero_unidade" from '^[0-9]{1,18}'), 18, '0'), '~'),"numero_unidade","id");--> statement-breakpoint
CREATE INDEX "unidades_condominio_ordem_idx" ON "portaria_web_unidades" USING btree ("condominio_id",coalesce("bloco", ''),coalesce(lpad(substring("numero_unidade" from '^[0-9]{1,18}'), 18, '0'), '~'),"numero_unidade","id");