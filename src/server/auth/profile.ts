import { eq, sql } from "drizzle-orm";
import type { Profile } from "@shared/schemas/profile";
import type { UserStatus } from "@shared/permissions";
import type { Db } from "../db/client";
import { grupoPermissoes, grupos, permissoes, usuarioCondominios, usuarioGrupos, usuarios } from "../db/schema";
import { isAdministrator } from "@shared/authz-rules";
import { fromDriverJson, qualified as q } from "../db/sql-helpers";

/**
 * The Portaria Web profile of an auth user: record + groups + de-duplicated permission names +
 * condominiums, in ONE query (issue 33: every request whose session is not in memory reads this,
 * and four queries one after the other cost four round trips).
 */
export async function loadProfile(db: Db, authUserId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      usuario: usuarios,
      grupos: sql<unknown>`coalesce((
        select json_agg(json_build_object('id', ${q(grupos, grupos.id)}, 'nome_grupo', ${q(grupos, grupos.nome_grupo)}) order by ${q(grupos, grupos.nome_grupo)})
        from ${usuarioGrupos} join ${grupos} on ${q(grupos, grupos.id)} = ${q(usuarioGrupos, usuarioGrupos.grupo_id)}
        where ${q(usuarioGrupos, usuarioGrupos.usuario_id)} = ${q(usuarios, usuarios.id)}), '[]'::json)`,
      permissoes: sql<unknown>`coalesce((
        select json_agg(distinct ${q(permissoes, permissoes.nome_permissao)})
        from ${usuarioGrupos}
          join ${grupoPermissoes} on ${q(grupoPermissoes, grupoPermissoes.grupo_id)} = ${q(usuarioGrupos, usuarioGrupos.grupo_id)}
          join ${permissoes} on ${q(permissoes, permissoes.id)} = ${q(grupoPermissoes, grupoPermissoes.permissao_id)}
        where ${q(usuarioGrupos, usuarioGrupos.usuario_id)} = ${q(usuarios, usuarios.id)}), '[]'::json)`,
      condominios: sql<unknown>`coalesce((
        select json_agg(${q(usuarioCondominios, usuarioCondominios.condominio_id)})
        from ${usuarioCondominios} where ${q(usuarioCondominios, usuarioCondominios.usuario_id)} = ${q(usuarios, usuarios.id)}), '[]'::json)`,
    })
    .from(usuarios)
    .where(eq(usuarios.auth_user_id, authUserId))
    .limit(1);
  if (!row) return null;
  const { usuario } = row;
  const groupRows = fromDriverJson<{ id: string; nome_grupo: string }[]>(row.grupos);
  // Members of Administrador serve every condominium, always (gatehouse-spec §2).
  const todos = usuario.acesso_todos_condominios || isAdministrator({ grupos: groupRows });
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
    permissions: [...new Set(fromDriverJson<string[]>(row.permissoes).filter((n) => n.trim() !== ""))].sort(),
    acesso_todos_condominios: todos,
    condominio_ids: todos ? [] : fromDriverJson<string[]>(row.condominios).sort(),
  };
}
