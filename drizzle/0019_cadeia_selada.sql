-- The keyed seal of the access records' chain (issue 26, docs/decisions/0006-cadeia-e-leituras-longas.md).
-- A seal is HMAC-SHA256, under a key that is never in the database (CHAIN_KEY or its file), of a
-- record's chain hash: since that hash covers every record before it, a seal vouches for the
-- whole chain up to its record. 'registro': written with the record, in its transaction, by the
-- application; 'lote': written for a batch the portal wrote itself (the first start with a key,
-- an import of history), vouching for every unsealed record before it. Seals are append-only too.
CREATE TABLE "portaria_web_registros_selos" (
	"condominio_id" uuid NOT NULL REFERENCES "portaria_web_condominios"("id") ON DELETE no action,
	"seq" bigint NOT NULL,
	"tipo" text NOT NULL,
	"selo" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registros_selos_pk" PRIMARY KEY ("condominio_id", "seq"),
	CONSTRAINT "registros_selos_tipo" CHECK ("tipo" in ('registro', 'lote'))
);
--> statement-breakpoint
CREATE FUNCTION portaria_web_registros_selos_imutaveis() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Os selos da cadeia dos registros de acesso não podem ser alterados nem excluídos.'
    USING ERRCODE = 'P0001', CONSTRAINT = 'registros_somente_insercao';
END
$$;
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_selos_imutaveis BEFORE UPDATE OR DELETE ON portaria_web_registros_selos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_registros_selos_imutaveis();
--> statement-breakpoint
CREATE TRIGGER portaria_web_registros_selos_sem_truncate BEFORE TRUNCATE ON portaria_web_registros_selos
  FOR EACH STATEMENT EXECUTE FUNCTION portaria_web_registros_selos_imutaveis();
--> statement-breakpoint
-- The chaining trigger writes the chain head with its owner's rights: the application's role
-- (MIGRATION_DATABASE_URL apart from DATABASE_URL, docs/operations.md) then needs no right to
-- write the head itself, only to insert records.
ALTER FUNCTION portaria_web_registros_encadear() SECURITY DEFINER SET search_path = public, pg_temp;
