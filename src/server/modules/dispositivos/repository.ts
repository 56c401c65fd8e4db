import { and, eq, ilike, or, sql } from "drizzle-orm";
import type { Dispositivo, DispositivoData } from "@shared/schemas/dispositivos";
import { dispositivoOrdem } from "@shared/schemas/dispositivos";
import { queryRows, type Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { condominios, dispositivos } from "../../db/schema";
import { condominioInScope, condominioInShape, scopeKey, scopeShape, scopeValues, type CondominioNoEscopo, type CondominioScope } from "../../scope";
import { cachedTotal, containsPattern, keysetOrder, listCounter, offsetParam, pagingShape, pagingValues, type ListTotals, type PagingShape } from "../common";

// The devices' queries. Every one that reads or changes a device applies the user's condominium
// scope: a device of another condominium is as unknown as one that does not exist.

/** Which filters a list request sets: each combination is one prepared shape (db/prepared.ts). */
type Filters = { q: boolean; condominio: boolean; scoped: boolean };

const listWhere = (f: Filters) =>
  and(
    f.q ? or(ilike(dispositivos.nome, param("text")), ilike(dispositivos.modelo, param("text"))) : undefined,
    f.condominio ? eq(dispositivos.condominio_id, param("condominio")) : undefined,
    condominioInShape(dispositivos.condominio_id, f.scoped),
  );

/** How long a device's 'online' and last contact stand without a write (s). */
const CONTATO_FRESCO_S = 10;

const ordem = keysetOrder(dispositivoOrdem, { nome: dispositivos.nome, id: dispositivos.id });

const columns = {
  id: dispositivos.id,
  condominio: { id: condominios.id, nome: condominios.nome },
  nome: dispositivos.nome,
  fabricante: dispositivos.fabricante,
  modelo: dispositivos.modelo,
  conexao: dispositivos.conexao,
  endereco: dispositivos.endereco,
  usuario: dispositivos.usuario,
  senha_definida: sql<boolean>`${dispositivos.senha} is not null`,
  token_integracao: dispositivos.token_integracao,
  portas: dispositivos.portas,
  sensor_porta: dispositivos.sensor_porta,
  ativo: dispositivos.ativo,
  estado: dispositivos.estado,
  erro: dispositivos.erro,
  ultimo_contato_em: dispositivos.ultimo_contato_em,
  firmware: dispositivos.firmware,
  created_at: dispositivos.created_at,
  updated_at: dispositivos.updated_at,
};

/** A device as read: its token (the service's to turn into the integration address) and the driver's dates. */
export type DispositivoRow = Omit<Dispositivo, "url_integracao" | "ultimo_contato_em" | "created_at" | "updated_at"> & {
  token_integracao: string;
  ultimo_contato_em: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export interface DispositivoListQuery {
  q: string;
  condominio_id: string;
  limit: number;
  offset: number;
  after?: [string, string];
}

/** What a create or an edit writes: the form's fields, with the password already encrypted (undefined: keep). */
export type DispositivoFields = Omit<DispositivoData, "senha" | "condominio_id"> & { condominio_id: CondominioNoEscopo; senha?: string };

export function dispositivosRepository(db: Db, totals?: ListTotals) {
  const listPage = byShape((shape: Filters & PagingShape) =>
    db
      .select(columns)
      .from(dispositivos)
      .innerJoin(condominios, eq(condominios.id, dispositivos.condominio_id))
      .where(and(listWhere(shape), ordem.after(shape)))
      .orderBy(...ordem.orderBy)
      .limit(param("limit"))
      .offset(offsetParam(shape))
      .prepare(NAMED_BY_TEXT),
  );
  const countRows = listCounter(db, dispositivos, listWhere);

  return {
    async list(scope: CondominioScope, query: DispositivoListQuery) {
      const filters: Filters = { q: Boolean(query.q), condominio: query.condominio_id !== "todos", ...scopeShape(scope) };
      const values = { text: query.q && containsPattern(query.q), condominio: query.condominio_id, ...scopeValues(scope), ...pagingValues(query) };
      const [rows, total] = await Promise.all([
        listPage({ ...filters, ...pagingShape(query) }).execute(values),
        cachedTotal(totals, ["dispositivos", scopeKey(scope), query.q, query.condominio_id], () => countRows(filters, values)),
      ]);
      return { ...ordem.page(rows as DispositivoRow[], query.limit), total };
    },

    async get(scope: CondominioScope, id: string): Promise<DispositivoRow | null> {
      const [row] = await db
        .select(columns)
        .from(dispositivos)
        .innerJoin(condominios, eq(condominios.id, dispositivos.condominio_id))
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)));
      return (row as DispositivoRow | undefined) ?? null;
    },

    async create(id: string, token: string, input: DispositivoFields): Promise<void> {
      await db.insert(dispositivos).values({ ...input, id, token_integracao: token, senha: input.senha ?? null });
    },

    /** False when the device is not the scope's (or is gone). */
    async update(scope: CondominioScope, id: string, input: DispositivoFields): Promise<boolean> {
      const { senha, ...fields } = input;
      const rows = await db
        .update(dispositivos)
        .set({ ...fields, ...(senha === undefined ? {} : { senha }), updated_at: new Date() })
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)))
        .returning({ id: dispositivos.id });
      return rows.length > 0;
    },

    async setToken(scope: CondominioScope, id: string, token: string): Promise<boolean> {
      const rows = await db
        .update(dispositivos)
        .set({ token_integracao: token, updated_at: new Date() })
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)))
        .returning({ id: dispositivos.id });
      return rows.length > 0;
    },

    /** What a driver needs to call the device (its password still encrypted); null when not the scope's. */
    async alvo(scope: CondominioScope, id: string) {
      const [row] = await db
        .select({
          id: dispositivos.id,
          fabricante: dispositivos.fabricante,
          modelo: dispositivos.modelo,
          conexao: dispositivos.conexao,
          endereco: dispositivos.endereco,
          usuario: dispositivos.usuario,
          senha: dispositivos.senha,
        })
        .from(dispositivos)
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)));
      return row ?? null;
    },

    /**
     * What a call to the device showed: online (with its firmware), in error (it answered, but
     * refused or spoke nonsense), or offline. The last contact moves whenever the device answered.
     * Returns the device as it was before (its state) and whom it belongs to: what the health
     * module (saude.ts) turns into an alarm or its end; null when nothing changed (online, and
     * marked so less than 10 s ago).
     */
    async registrarContato(
      id: string,
      contato: { estado: "online"; firmware: string | null } | { estado: "erro"; erro: string } | { estado: "offline" },
    ): Promise<{ antes: "online" | "offline" | "erro"; condominio_id: string; nome: string } | null> {
      const online = contato.estado === "online";
      // A device that reports often (events, heartbeats) was marked online a moment ago: then nothing
      // is written and no row is locked, so a busy or flooding device does not queue on its row. The
      // last contact is kept to 10 s, well inside the 120 s after which the sweep takes a device offline.
      const fresco =
        online && !contato.firmware ? sql`and not (estado = 'online' and ultimo_contato_em > now() - make_interval(secs => ${CONTATO_FRESCO_S}))` : sql``;
      const rows = await queryRows<{ antes: "online" | "offline" | "erro"; condominio_id: string; nome: string }>(
        db,
        sql`update ${dispositivos} d set
              estado = ${contato.estado},
              erro = ${contato.estado === "erro" ? contato.erro : null},
              ultimo_contato_em = ${contato.estado === "offline" ? sql`d.ultimo_contato_em` : sql`now()`},
              firmware = ${online && contato.firmware ? contato.firmware : sql`d.firmware`}
            from (select id, estado as antes from ${dispositivos} where id = ${id} ${fresco} for update) a
            where d.id = a.id
            returning a.antes, d.condominio_id, d.nome`,
      );
      return rows[0] ?? null;
    },

    async remove(scope: CondominioScope, id: string): Promise<boolean> {
      const removed = await db
        .delete(dispositivos)
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)))
        .returning({ id: dispositivos.id });
      return removed.length > 0;
    },
  };
}
