import { inArray } from "drizzle-orm";
import { expect } from "vitest";
import { createAuthUser } from "../../../src/server/auth/accounts";
import { grupoPermissoes, grupos, permissoes, usuarioCondominios, usuarioGrupos, usuarios } from "../../../src/server/db/schema";
import type { RunningPortal } from "./server";

export interface PortariaUserSpec {
  email: string;
  password: string;
  nome: string;
  /** Default 'ativo'. */
  status?: string;
  /** Default: done unless the status is 'pendente_confirmacao'. */
  firstAccessDone?: boolean;
  cpf?: string;
  telefone_celular?: string;
  /** A group of its own (created here) holding exactly `permissions`. */
  grupo?: { nome: string; descricao?: string; permissions?: readonly string[] };
  /** The condominiums served (gatehouse-spec §2); every one when left out. */
  condominioIds?: readonly string[];
}

/**
 * A Portaria Web user written straight into the test portal's database (auth user, profile, its
 * own group, the condominiums it serves), ready to sign in with `password`.
 */
export async function createPortariaUser(portal: RunningPortal, who: PortariaUserSpec): Promise<{ id: string; grupoId?: string }> {
  const db = portal.database.db;
  const status = who.status ?? "ativo";
  const authUser = await createAuthUser(portal.portal.auth, { email: who.email, name: who.nome, password: who.password });
  const [perfil] = await db
    .insert(usuarios)
    .values({
      auth_user_id: authUser.id,
      nome_completo: who.nome,
      email: who.email,
      status,
      primeiro_acesso_concluido: who.firstAccessDone ?? status !== "pendente_confirmacao",
      cpf: who.cpf,
      telefone_celular: who.telefone_celular,
      acesso_todos_condominios: who.condominioIds === undefined,
    })
    .returning();
  if (who.condominioIds?.length) {
    await db.insert(usuarioCondominios).values(who.condominioIds.map((condominio_id) => ({ usuario_id: perfil!.id, condominio_id })));
  }
  if (!who.grupo) return { id: perfil!.id };
  const [grupo] = await db.insert(grupos).values({ nome_grupo: who.grupo.nome, descricao: who.grupo.descricao }).returning();
  await db.insert(usuarioGrupos).values({ usuario_id: perfil!.id, grupo_id: grupo!.id });
  const names = who.grupo.permissions ?? [];
  if (names.length) {
    const perms = await db
      .select()
      .from(permissoes)
      .where(inArray(permissoes.nome_permissao, [...names]));
    expect(perms.map((p) => p.nome_permissao).sort()).toEqual([...names].sort());
    await db.insert(grupoPermissoes).values(perms.map((p) => ({ grupo_id: grupo!.id, permissao_id: p.id })));
  }
  return { id: perfil!.id, grupoId: grupo!.id };
}
