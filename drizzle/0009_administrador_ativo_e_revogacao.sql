-- 1. The system always keeps at least one active member of Administrador (docs/decisions.md,
--    "Ninguém concede o que não tem"). Checked at commit (deferred), under a lock on the
--    Administrador row, so two administrators deactivating each other at the same instant cannot
--    both succeed: the second one waits for the first commit and then counts again.
CREATE OR REPLACE FUNCTION portaria_web_mantem_administrador_ativo() RETURNS trigger AS $$
DECLARE
  admin_id uuid;
  ativos integer;
BEGIN
  SELECT id INTO admin_id FROM portaria_web_grupos WHERE nome_grupo = 'Administrador' FOR UPDATE;
  IF admin_id IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'portaria_web_usuario_grupos' THEN
    IF OLD.grupo_id <> admin_id THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM portaria_web_usuario_grupos WHERE usuario_id = OLD.id AND grupo_id = admin_id) THEN
    -- A user who is not (or no longer) a member: their membership row, if it went in this
    -- transaction, has its own check.
    RETURN NULL;
  END IF;
  SELECT count(*) INTO ativos
    FROM portaria_web_usuario_grupos ug
    JOIN portaria_web_usuarios u ON u.id = ug.usuario_id
   WHERE ug.grupo_id = admin_id AND u.status = 'ativo';
  IF ativos = 0 THEN
    RAISE EXCEPTION 'O sistema precisa de ao menos um administrador ativo.'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'administrador_ativo';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER portaria_web_usuarios_administrador_ativo
  AFTER UPDATE ON portaria_web_usuarios
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.status = 'ativo' AND NEW.status <> 'ativo')
  EXECUTE FUNCTION portaria_web_mantem_administrador_ativo();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER portaria_web_usuario_grupos_administrador_ativo
  AFTER UPDATE OR DELETE ON portaria_web_usuario_grupos
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION portaria_web_mantem_administrador_ativo();
--> statement-breakpoint
-- 2. Revocation reaches every instance at once: any change to who holds which permission, to an
--    account or to a session's existence tells every listening instance (PostgreSQL) to drop its
--    cached sessions and permissions (src/server/revocation.ts). Delivered at commit.
CREATE OR REPLACE FUNCTION portal_notifica_revogacao() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('portal_revogacao', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER portaria_web_usuarios_revogacao AFTER UPDATE OR DELETE OR TRUNCATE ON portaria_web_usuarios
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER portaria_web_usuario_grupos_revogacao AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portaria_web_usuario_grupos
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER portaria_web_grupo_permissoes_revogacao AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portaria_web_grupo_permissoes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER portaria_web_permissoes_revogacao AFTER UPDATE OR DELETE OR TRUNCATE ON portaria_web_permissoes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER portaria_web_grupos_revogacao AFTER UPDATE OR DELETE OR TRUNCATE ON portaria_web_grupos
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER session_revogacao AFTER DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
--> statement-breakpoint
CREATE TRIGGER user_revogacao AFTER UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notifica_revogacao();
