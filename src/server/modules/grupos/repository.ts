import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { GroupGrant } from "@shared/authz-rules";
import type { Grupo, GrupoListItem } from "@shared/schemas/grupos";
import type { Db } from "../../db/client";
import { grupoPermissoes, grupos, permissoes, usuarioGrupos } from "../../db/schema";
import { toIso } from "../common";
import { NAMED_BY_TEXT } from "../../db/prepared";
import { qualified } from "../../db/sql-helpers";

const userCount = sql<number>`(select count(*)::int from ${usuarioGrupos} where ${usuarioGrupos.grupo_id} = ${grupos.id})`;

/**
 * The names of the permissions a group grants, in the same query (the screens check who may assign
 * it). The outer id is written with its table: drizzle leaves columns unqualified in one-table
 * selects, and a bare "id" here would be the permission's.
 */
const permissionNames = sql<string[]>`coalesce((
  select json_agg(${permissoes.nome_permissao} order by ${permissoes.nome_permissao})
  from ${grupoPermissoes} inner join ${permissoes} on ${permissoes.id} = ${grupoPermissoes.permissao_id}
  where ${grupoPermissoes.grupo_id} = ${qualified(grupos, grupos.id)}
), '[]'::json)`;

const grantColumns = { id: grupos.id, nome_grupo: grupos.nome_grupo, permissoes: permissionNames };

export type GroupGrantRow = GroupGrant & { id: string };

export function gruposRepository(db: Db) {
  // The list takes no filter: built once (db/prepared.ts).
  const listQuery = db
    .select({ ...grantColumns, descricao: grupos.descricao, user_count: userCount })
    .from(grupos)
    .orderBy(asc(grupos.nome_grupo))
    .prepare(NAMED_BY_TEXT);

  return {
    async list(): Promise<GrupoListItem[]> {
      return listQuery.execute();
    },

    async get(id: string): Promise<Grupo | null> {
      const [row] = await db
        .select({
          id: grupos.id,
          nome_grupo: grupos.nome_grupo,
          descricao: grupos.descricao,
          user_count: userCount,
          updated_at: grupos.updated_at,
        })
        .from(grupos)
        .where(eq(grupos.id, id));
      if (!row) return null;
      const links = await db.select({ id: grupoPermissoes.permissao_id }).from(grupoPermissoes).where(eq(grupoPermissoes.grupo_id, id));
      return { ...row, updated_at: toIso(row.updated_at), permissao_ids: links.map((l) => l.id) };
    },

    async allPermissionIds(): Promise<string[]> {
      return (await db.select({ id: permissoes.id }).from(permissoes)).map((p) => p.id);
    },

    /** The names of the permissions with these ids (those that exist). */
    async permissionNames(ids: readonly string[]): Promise<string[]> {
      if (!ids.length) return [];
      return (
        await db
          .select({ nome: permissoes.nome_permissao })
          .from(permissoes)
          .where(inArray(permissoes.id, [...ids]))
      ).map((p) => p.nome);
    },

    /** The groups with these ids (those that exist), each with the permissions it grants. */
    async grants(ids: readonly string[]): Promise<GroupGrantRow[]> {
      if (!ids.length) return [];
      return db
        .select(grantColumns)
        .from(grupos)
        .where(inArray(grupos.id, [...ids]));
    },

    async create(input: { nome_grupo: string; descricao: string | null; permissao_ids?: string[] }): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(grupos).values({ nome_grupo: input.nome_grupo, descricao: input.descricao }).returning({ id: grupos.id });
        if (input.permissao_ids?.length) {
          await tx.insert(grupoPermissoes).values(input.permissao_ids.map((permissao_id) => ({ grupo_id: row!.id, permissao_id })));
        }
        return row!.id;
      });
    },

    /** Saves only the differences of the permission set (§7 Groups); none when it is omitted. */
    async update(id: string, input: { nome_grupo: string; descricao: string | null; permissao_ids?: string[] }) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(grupos)
          .set({ nome_grupo: input.nome_grupo, descricao: input.descricao, updated_at: new Date() })
          .where(eq(grupos.id, id))
          .returning({ id: grupos.id });
        if (!updated.length) return false;
        if (!input.permissao_ids) return true;
        const current = new Set(
          (await tx.select({ id: grupoPermissoes.permissao_id }).from(grupoPermissoes).where(eq(grupoPermissoes.grupo_id, id))).map((r) => r.id),
        );
        const wanted = new Set(input.permissao_ids);
        const removed = [...current].filter((p) => !wanted.has(p));
        const added = [...wanted].filter((p) => !current.has(p));
        if (removed.length) {
          await tx.delete(grupoPermissoes).where(and(eq(grupoPermissoes.grupo_id, id), inArray(grupoPermissoes.permissao_id, removed)));
        }
        if (added.length) await tx.insert(grupoPermissoes).values(added.map((permissao_id) => ({ grupo_id: id, permissao_id })));
        return true;
      });
    },

    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(grupos).where(eq(grupos.id, id)).returning({ id: grupos.id });
      return deleted.length > 0;
    },
  };
}
