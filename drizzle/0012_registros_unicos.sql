-- Issue 14: unique where the real world is unique. A plate once per condominium, a CNPJ in one
-- condominium, no two condominiums with the same name (case and spaces aside), a CPF once per unit.
--
-- A vehicle's condominium is copied onto it (condominio_id) so that the plate rule is one unique
-- index: the trigger fills it from the unit on every insert, the foreign key to the unit's
-- (id, condominio_id) keeps it right and carries it along when a unit moves to another condominium.
ALTER TABLE "portaria_web_unidades" ADD CONSTRAINT "unidades_id_condominio_key" UNIQUE("id","condominio_id");--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD COLUMN "condominio_id" uuid;--> statement-breakpoint
UPDATE "portaria_web_veiculos" v SET "condominio_id" = u."condominio_id" FROM "portaria_web_unidades" u WHERE u."id" = v."unidade_id";--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ALTER COLUMN "condominio_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD CONSTRAINT "veiculos_unidade_condominio_fk" FOREIGN KEY ("unidade_id","condominio_id") REFERENCES "public"."portaria_web_unidades"("id","condominio_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE OR REPLACE FUNCTION portaria_web_veiculo_condominio() RETURNS trigger AS $$
BEGIN
  SELECT condominio_id INTO NEW.condominio_id FROM portaria_web_unidades WHERE id = NEW.unidade_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER veiculos_condominio
  BEFORE INSERT OR UPDATE OF unidade_id, condominio_id ON portaria_web_veiculos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_veiculo_condominio();
--> statement-breakpoint
-- The unique indexes. Rows already duplicated must not stop the server from starting, so each
-- index is created only if the data allows it: otherwise a WARNING lists the duplicates (ids, no
-- personal data) and the index is left for later. The server calls portal_indices_unicos() after
-- the migrations on every start (src/server/db/client.ts), so an index is created on the first
-- start after an operator has resolved its duplicates (docs/decisions.md, issue 14).
CREATE OR REPLACE FUNCTION portal_criar_indice_unico(indice text, criacao text, duplicados text) RETURNS SETOF text AS $$
DECLARE
  linha text;
  listados integer := 0;
BEGIN
  IF to_regclass(format('public.%I', indice)) IS NOT NULL THEN
    RETURN;
  END IF;
  BEGIN
    EXECUTE criacao;
  EXCEPTION WHEN unique_violation THEN
    FOR linha IN EXECUTE duplicados || ' limit 100' LOOP
      listados := listados + 1;
      linha := format('Índice único %s não criado: registros duplicados: %s', indice, linha);
      RAISE WARNING '%', linha;
      RETURN NEXT linha;
    END LOOP;
    IF listados = 0 THEN
      linha := format('Índice único %s não criado: registros duplicados.', indice);
      RAISE WARNING '%', linha;
      RETURN NEXT linha;
    END IF;
  END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_indices_unicos() RETURNS SETOF text AS $$
BEGIN
  RETURN QUERY SELECT * FROM portal_criar_indice_unico(
    'condominios_cnpj_unique',
    $q$CREATE UNIQUE INDEX "condominios_cnpj_unique" ON "portaria_web_condominios" USING btree ("cnpj")$q$,
    $q$SELECT format('CNPJ %s em %s condomínios: %s', cnpj, count(*), string_agg(format('%s (%s)', nome, id), '; ' ORDER BY nome))
       FROM portaria_web_condominios WHERE cnpj IS NOT NULL GROUP BY cnpj HAVING count(*) > 1 ORDER BY cnpj$q$);
  RETURN QUERY SELECT * FROM portal_criar_indice_unico(
    'condominios_nome_unique',
    $q$CREATE UNIQUE INDEX "condominios_nome_unique" ON "portaria_web_condominios" USING btree (lower(regexp_replace(btrim("nome"), '\s+', ' ', 'g')))$q$,
    $q$SELECT format('nome "%s" em %s condomínios: %s', min(nome), count(*), string_agg(format('%s (%s)', nome, id), '; ' ORDER BY nome))
       FROM portaria_web_condominios GROUP BY lower(regexp_replace(btrim(nome), '\s+', ' ', 'g')) HAVING count(*) > 1 ORDER BY 1$q$);
  RETURN QUERY SELECT * FROM portal_criar_indice_unico(
    'moradores_unidade_cpf_unique',
    $q$CREATE UNIQUE INDEX "moradores_unidade_cpf_unique" ON "portaria_web_moradores" USING btree ("unidade_id","cpf")$q$,
    $q$SELECT format('um mesmo CPF em %s moradores da unidade %s: %s', count(*), unidade_id, string_agg(id::text, ', ' ORDER BY id))
       FROM portaria_web_moradores WHERE cpf IS NOT NULL GROUP BY unidade_id, cpf HAVING count(*) > 1 ORDER BY unidade_id$q$);
  RETURN QUERY SELECT * FROM portal_criar_indice_unico(
    'veiculos_condominio_placa_unique',
    $q$CREATE UNIQUE INDEX "veiculos_condominio_placa_unique" ON "portaria_web_veiculos" USING btree ("condominio_id","placa")$q$,
    $q$SELECT format('placa %s em %s veículos do condomínio %s: %s', placa, count(*), condominio_id, string_agg(id::text, ', ' ORDER BY id))
       FROM portaria_web_veiculos GROUP BY condominio_id, placa HAVING count(*) > 1 ORDER BY condominio_id, placa$q$);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT * FROM portal_indices_unicos();
