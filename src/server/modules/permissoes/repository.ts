import { and, asc, count, eq, ne } from "drizzle-orm";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import type { Permissao } from "@shared/schemas/permissoes";
import type { Db } from "../../db/client";
import { grupoPermissoes, grupos, permissoes } from "../../db/schema";
import { toIso } from "../common";
import { NAMED_BY_TEXT } from "../../db/prepared";

type Row = typeof permissoes.$inferSelect;
const toPermissao = (row: Row): Permissao => ({
  id: row.id,
  nome_permissao: row.nome_permissao,
  descricao: row.descricao,
  categoria: row.categoria,
  updated_at: toIso(row.updated_at),
});

export function permissoesRepository(db: Db) {
  // The catalogue takes no filter: built once (db/prepared.ts).
  const listQuery = db.select().from(permissoes).orderBy(asc(permissoes.categoria), asc(permissoes.nome_permissao)).prepare(NAMED_BY_TEXT);

  return {
    async list(): Promise<Permissao[]> {
      return (await listQuery.execute()).map(toPermissao);
    },

    async get(id: string): Promise<Permissao | null> {
      const [row] = await db.select().from(permissoes).where(eq(permissoes.id, id));
      return row ? toPermissao(row) : null;
    },

    /** Creates the permission; a database trigger grants it to Administrador (it holds every one). */
    async create(input: { nome_permissao: string; descricao: string | null; categoria: string }): Promise<Permissao> {
      const [row] = await db.insert(permissoes).values(input).returning();
      return toPermissao(row!);
    },

    async update(id: string, input: { nome_permissao: string; descricao: string | null; categoria: string }) {
      const [row] = await db
        .update(permissoes)
        .set({ ...input, updated_at: new Date() })
        .where(eq(permissoes.id, id))
        .returning();
      return row ? toPermissao(row) : null;
    },

    /** Groups other than Administrador that hold the permission (Administrador holds them all). */
    async countUsingGroups(id: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(grupoPermissoes)
        .innerJoin(grupos, eq(grupos.id, grupoPermissoes.grupo_id))
        .where(and(eq(grupoPermissoes.permissao_id, id), ne(grupos.nome_grupo, ADMIN_GROUP_NAME)));
      return row!.n;
    },

    /** Deletes it (and Administrador's implicit grant). Foreign keys still refuse if another group took it meanwhile. */
    async remove(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [admin] = await tx.select({ id: grupos.id }).from(grupos).where(eq(grupos.nome_grupo, ADMIN_GROUP_NAME));
        if (admin) {
          await tx.delete(grupoPermissoes).where(and(eq(grupoPermissoes.grupo_id, admin.id), eq(grupoPermissoes.permissao_id, id)));
        }
        const deleted = await tx.delete(permissoes).where(eq(permissoes.id, id)).returning({ id: permissoes.id });
        return deleted.length > 0;
      });
    },
  };
}
