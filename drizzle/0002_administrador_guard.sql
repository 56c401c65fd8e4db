-- Administrador is protected by the database too: it cannot be deleted or renamed by any path,
-- and every permission created (by the API or by hand) is granted to it.
CREATE OR REPLACE FUNCTION portaria_web_protege_administrador() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.nome_grupo = 'Administrador' THEN
    RAISE EXCEPTION 'O grupo Administrador não pode ser excluído.' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.nome_grupo = 'Administrador' AND NEW.nome_grupo <> OLD.nome_grupo THEN
    RAISE EXCEPTION 'O grupo Administrador não pode ser renomeado.' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER portaria_web_grupos_protege_administrador
  BEFORE UPDATE OR DELETE ON portaria_web_grupos
  FOR EACH ROW EXECUTE FUNCTION portaria_web_protege_administrador();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portaria_web_concede_ao_administrador() RETURNS trigger AS $$
BEGIN
  INSERT INTO portaria_web_grupo_permissoes (grupo_id, permissao_id)
  SELECT id, NEW.id FROM portaria_web_grupos WHERE nome_grupo = 'Administrador'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER portaria_web_permissoes_concede_ao_administrador
  AFTER INSERT ON portaria_web_permissoes
  FOR EACH ROW EXECUTE FUNCTION portaria_web_concede_ao_administrador();
