import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { UserStatus } from "@shared/permissions";
import { usuarioOrdem, type Usuario } from "@shared/schemas/usuarios";
import { onlyDigits } from "@shared/br/phone";
import type { Db } from "../../db/client";
import { condominios, grupos, usuarioCondominios, usuarioGrupos, usuarios } from "../../db/schema";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import { scopeIds, scopeKey, scopeShape, scopeValues, type CondominioScope } from "../../scope";
import { cachedTotal, containsPattern, keysetOrder, listCounter, offsetParam, pagingShape, pagingValues, type ListTotals, type PagingShape } from "../common";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { qualified } from "../../db/sql-helpers";

const columns = {
  id: usuarios.id,
  auth_user_id: usuarios.auth_user_id,
  nome_completo: usuarios.nome_completo,
  email: usuarios.email,
  telefone_celular: usuarios.telefone_celular,
  cpf: usuarios.cpf,
  status: usuarios.status,
  primeiro_acesso_concluido: usuarios.primeiro_acesso_concluido,
};

/**
 * Each user's groups by name, in the same query: one round trip for a page of users. The outer id
 * is written with its table because drizzle leaves columns unqualified in one-table selects.
 */
const gruposDoUsuario = sql<Usuario["grupos"]>`coalesce((
  select json_agg(json_build_object('id', ${grupos.id}, 'nome_grupo', ${grupos.nome_grupo}) order by ${grupos.nome_grupo}, ${grupos.id})
  from ${usuarioGrupos} inner join ${grupos} on ${grupos.id} = ${usuarioGrupos.grupo_id}
  where ${usuarioGrupos.usuario_id} = ${qualified(usuarios, usuarios.id)}
), '[]'::json)`;

const usuarioId = qualified(usuarios, usuarios.id);

/** Members of Administrador serve every condominium, whatever their own setting (gatehouse-spec §2). */
const servesAll = sql<boolean>`(${qualified(usuarios, usuarios.acesso_todos_condominios)} or exists(
  select 1 from ${usuarioGrupos} inner join ${grupos} on ${grupos.id} = ${usuarioGrupos.grupo_id}
  where ${usuarioGrupos.usuario_id} = ${usuarioId} and ${grupos.nome_grupo} = ${ADMIN_GROUP_NAME}
))`;

const condominiosDoUsuario = sql<Usuario["condominios"]>`coalesce((
  select json_agg(json_build_object('id', ${condominios.id}, 'nome', ${condominios.nome}) order by ${condominios.nome}, ${condominios.id})
  from ${usuarioCondominios} inner join ${condominios} on ${condominios.id} = ${usuarioCondominios.condominio_id}
  where ${usuarioCondominios.usuario_id} = ${usuarioId}
), '[]'::json)`;

const columnsWithGroups = { ...columns, grupos: gruposDoUsuario, acesso_todos_condominios: servesAll, condominios: condominiosDoUsuario };

/**
 * Who a manager serving some condominiums may see and manage: users serving at least one
 * condominium, all within the manager's (a user serving every condominium, another one, or none
 * at all, is out of reach: 404).
 */
const withinScope = (scope: "placeholder" | CondominioScope) =>
  sql`(not ${servesAll} and exists(
    select 1 from ${usuarioCondominios} where ${usuarioCondominios.usuario_id} = ${usuarioId}
  ) and not exists(
    select 1 from ${usuarioCondominios}
    where ${usuarioCondominios.usuario_id} = ${usuarioId} and not (${usuarioCondominios.condominio_id} = any(${scopeIds(scope)}))
  ))`;

type Row = { [K in keyof typeof columns]: (typeof usuarios.$inferSelect)[K] } & {
  grupos: Usuario["grupos"];
  acesso_todos_condominios: boolean;
  condominios: Usuario["condominios"];
};

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; cpf: boolean; status: boolean; scoped: boolean };

const listWhere = (f: Filters) =>
  and(
    f.q
      ? or(ilike(usuarios.nome_completo, param("text")), ilike(usuarios.email, param("text")), f.cpf ? ilike(usuarios.cpf, param("cpf")) : undefined)
      : undefined,
    f.status ? eq(usuarios.status, param("status")) : undefined,
    f.scoped ? withinScope("placeholder") : undefined,
  );

const ordem = keysetOrder(usuarioOrdem, { nome_completo: usuarios.nome_completo, id: usuarios.id });

export function usuariosRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape) =>
    db
      .select(columnsWithGroups)
      .from(usuarios)
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT),
  );
  const countRows = listCounter(db, usuarios, listWhere);
  const withStatus = (rows: Row[]): (Usuario & { auth_user_id: string })[] => rows.map((row) => ({ ...row, status: row.status as UserStatus }));

  return {
    async list(scope: CondominioScope, query: { q: string; status: "todos" | UserStatus; limit: number; offset: number; after?: [string, string] }) {
      // CPF only when the text looks like one (digits, dots, hyphen): "joao2" is not a CPF search.
      const cpf = /^[\d.\-\s]+$/.test(query.q) ? onlyDigits(query.q) : "";
      const filters: Filters = { q: Boolean(query.q), cpf: Boolean(cpf), status: query.status !== "todos", ...scopeShape(scope) };
      const values = {
        ...scopeValues(scope),
        text: query.q && containsPattern(query.q),
        cpf: cpf && containsPattern(cpf),
        status: query.status,
        ...pagingValues(query),
      };
      const [rows, total] = await Promise.all([
        listPage({ ...filters, ...pagingShape(query) }).execute(values),
        cachedTotal(totals, ["usuarios", scopeKey(scope), query.q, query.status], () => countRows(filters, values)),
      ]);
      const page = ordem.page(rows, query.limit);
      return { rows: withStatus(page.rows).map(({ auth_user_id: _omit, ...u }) => u), total, next: page.next };
    },

    /** The user, if the manager's scope reaches them (see `withinScope`). */
    async get(scope: CondominioScope, id: string) {
      const rows = await db
        .select(columnsWithGroups)
        .from(usuarios)
        .where(and(eq(usuarios.id, id), scope.all ? undefined : withinScope(scope)));
      return withStatus(rows)[0] ?? null;
    },

    /** How many of `ids` are condominiums that exist. */
    async countCondominios(ids: readonly string[]): Promise<number> {
      if (!ids.length) return 0;
      return (
        await db
          .select({ id: condominios.id })
          .from(condominios)
          .where(inArray(condominios.id, [...ids]))
      ).length;
    },

    async insertProfile(input: {
      auth_user_id: string;
      nome_completo: string;
      email: string;
      telefone_celular: string | null;
      cpf: string | null;
      grupo_ids: string[];
      acesso_todos_condominios: boolean;
      condominio_ids: readonly string[];
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const { grupo_ids, condominio_ids, ...profile } = input;
        const [row] = await tx
          .insert(usuarios)
          .values({ ...profile, status: "pendente_confirmacao", primeiro_acesso_concluido: false })
          .returning({ id: usuarios.id });
        if (grupo_ids.length) await tx.insert(usuarioGrupos).values(grupo_ids.map((grupo_id) => ({ usuario_id: row!.id, grupo_id })));
        if (!profile.acesso_todos_condominios && condominio_ids.length) {
          await tx.insert(usuarioCondominios).values(condominio_ids.map((condominio_id) => ({ usuario_id: row!.id, condominio_id })));
        }
        return row!.id;
      });
    },

    /** Updates the profile and applies only the membership differences; `escopo` replaces the condominiums when given. */
    async update(
      id: string,
      input: { nome_completo: string; telefone_celular: string | null; cpf: string | null; status: UserStatus; grupo_ids: string[] },
      escopo?: { acesso_todos_condominios: boolean; condominio_ids: readonly string[] },
    ) {
      await db.transaction(async (tx) => {
        const { grupo_ids, nome_completo, telefone_celular, cpf, status } = input;
        const fields = { nome_completo, telefone_celular, cpf, status, ...(escopo ? { acesso_todos_condominios: escopo.acesso_todos_condominios } : {}) };
        if (escopo) {
          await tx.delete(usuarioCondominios).where(eq(usuarioCondominios.usuario_id, id));
          if (!escopo.acesso_todos_condominios && escopo.condominio_ids.length) {
            await tx.insert(usuarioCondominios).values(escopo.condominio_ids.map((condominio_id) => ({ usuario_id: id, condominio_id })));
          }
        }
        await tx
          .update(usuarios)
          .set({ ...fields, updated_at: new Date() })
          .where(eq(usuarios.id, id));
        const current = new Set((await tx.select({ id: usuarioGrupos.grupo_id }).from(usuarioGrupos).where(eq(usuarioGrupos.usuario_id, id))).map((r) => r.id));
        const wanted = new Set(grupo_ids);
        const removed = [...current].filter((g) => !wanted.has(g));
        const added = [...wanted].filter((g) => !current.has(g));
        if (removed.length) await tx.delete(usuarioGrupos).where(and(eq(usuarioGrupos.usuario_id, id), inArray(usuarioGrupos.grupo_id, removed)));
        if (added.length) await tx.insert(usuarioGrupos).values(added.map((grupo_id) => ({ usuario_id: id, grupo_id })));
      });
    },

    async setStatus(id: string, status: UserStatus) {
      await db.update(usuarios).set({ status, updated_at: new Date() }).where(eq(usuarios.id, id));
    },
  };
}
