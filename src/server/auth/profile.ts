import { asc, eq, inArray } from "drizzle-orm";
import type { Profile } from "@shared/schemas/profile";
import type { UserStatus } from "@shared/permissions";
import type { Db } from "../db/client";
import { grupoPermissoes, grupos, permissoes, usuarioCondominios, usuarioGrupos, usuarios } from "../db/schema";
import { isAdministrator } from "@shared/authz-rules";

/** The Portaria Web profile of an auth user: record + groups + de-duplicated permission names. */
export async function loadProfile(db: Db, authUserId: string): Promise<Profile | null> {
  const rows = await db.select().from(usuarios).where(eq(usuarios.auth_user_id, authUserId)).limit(1);
  const usuario = rows[0];
  if (!usuario) return null;
  const groupRows = await db
    .select({ id: grupos.id, nome_grupo: grupos.nome_grupo })
    .from(usuarioGrupos)
    .innerJoin(grupos, eq(grupos.id, usuarioGrupos.grupo_id))
    .where(eq(usuarioGrupos.usuario_id, usuario.id))
    .orderBy(asc(grupos.nome_grupo));
  const groupIds = groupRows.map((g) => g.id);
  // Members of Administrador serve every condominium, always (gatehouse-spec §2).
  const todos = usuario.acesso_todos_condominios || isAdministrator({ grupos: groupRows });
  const [permissionRows, condominioRows] = await Promise.all([
    groupIds.length
      ? db
          .selectDistinct({ nome: permissoes.nome_permissao })
          .from(grupoPermissoes)
          .innerJoin(permissoes, eq(permissoes.id, grupoPermissoes.permissao_id))
          .where(inArray(grupoPermissoes.grupo_id, groupIds))
      : [],
    todos ? [] : db.select({ id: usuarioCondominios.condominio_id }).from(usuarioCondominios).where(eq(usuarioCondominios.usuario_id, usuario.id)),
  ]);
  return {
    id: usuario.id,
    auth_user_id: usuario.auth_user_id,
    nome_completo: usuario.nome_completo,
    email: usuario.email,
    telefone_celular: usuario.telefone_celular,
    cpf: usuario.cpf,
    status: usuario.status as UserStatus,
    primeiro_acesso_concluido: usuario.primeiro_acesso_concluido,
    grupos: groupRows,
    permissions: [...new Set(permissionRows.map((p) => p.nome).filter((n) => n.trim() !== ""))].sort(),
    acesso_todos_condominios: todos,
    condominio_ids: condominioRows.map((c) => c.id).sort(),
  };
}
