import { and, asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import type { Biometria } from "@shared/schemas/biometria";
import type { Cartao, CartaoInput } from "@shared/schemas/cartoes";
import type { Db } from "../../db/client";
import { biometriaMoradores, cartoesMoradores, moradores, unidades } from "../../db/schema";
import { unidadeInScope, type CondominioScope } from "../../scope";
import { toIso } from "../common";

// A resident's photo, consent, cards and tags. Every read and write checks the resident is in the
// user's condominiums first (through the resident's unit), as the resident's own routes do.

type Linha = typeof biometriaMoradores.$inferSelect;

const vista = (moradorId: string, b: Omit<Linha, "foto"> | undefined): Biometria => ({
  morador_id: moradorId,
  tem_foto: Boolean(b?.foto_tipo),
  foto_tipo: (b?.foto_tipo as "image/jpeg" | "image/png" | null | undefined) ?? null,
  foto_enviada_em: b?.foto_enviada_em ? toIso(b.foto_enviada_em) : null,
  consentimento_biometria:
    b?.consentimento_biometria_em && b.consentimento_biometria_por_nome
      ? { por: b.consentimento_biometria_por_nome, em: toIso(b.consentimento_biometria_em) }
      : null,
});

export function biometriaRepository(db: Db) {
  const doEscopo = async (scope: CondominioScope, moradorId: string) => {
    const [m] = await db
      .select({ id: moradores.id })
      .from(moradores)
      .where(and(eq(moradores.id, moradorId), unidadeInScope(scope, moradores.unidade_id)));
    return Boolean(m);
  };
  const ler = async (moradorId: string): Promise<Biometria> => {
    const { foto: _foto, ...colunas } = getTableColumns(biometriaMoradores);
    const [b] = await db.select(colunas).from(biometriaMoradores).where(eq(biometriaMoradores.morador_id, moradorId));
    return vista(moradorId, b as Omit<Linha, "foto"> | undefined);
  };
  /** Insert or change, bumping the version the devices' synchronisation compares. */
  const gravar = (moradorId: string, valores: Partial<typeof biometriaMoradores.$inferInsert>) =>
    db
      .insert(biometriaMoradores)
      .values({ morador_id: moradorId, ...valores })
      .onConflictDoUpdate({ target: biometriaMoradores.morador_id, set: { ...valores, versao: sql`${biometriaMoradores.versao} + 1` } });

  return {
    async biometria(scope: CondominioScope, moradorId: string): Promise<Biometria | null> {
      return (await doEscopo(scope, moradorId)) ? ler(moradorId) : null;
    },
    async foto(scope: CondominioScope, moradorId: string): Promise<{ foto: Buffer; tipo: string } | null> {
      if (!(await doEscopo(scope, moradorId))) return null;
      const [b] = await db
        .select({ foto: biometriaMoradores.foto, tipo: biometriaMoradores.foto_tipo })
        .from(biometriaMoradores)
        .where(eq(biometriaMoradores.morador_id, moradorId));
      return b?.foto && b.tipo ? { foto: b.foto, tipo: b.tipo } : null;
    },
    async gravarFoto(scope: CondominioScope, moradorId: string, foto: Buffer, tipo: "image/jpeg" | "image/png"): Promise<Biometria | null> {
      if (!(await doEscopo(scope, moradorId))) return null;
      await gravar(moradorId, { foto, foto_tipo: tipo, foto_enviada_em: new Date() });
      return ler(moradorId);
    },
    async removerFoto(scope: CondominioScope, moradorId: string): Promise<Biometria | null> {
      if (!(await doEscopo(scope, moradorId))) return null;
      await gravar(moradorId, { foto: null, foto_tipo: null, foto_enviada_em: null });
      return ler(moradorId);
    },
    async consentimento(scope: CondominioScope, moradorId: string, quem: { id: string; nome: string } | null): Promise<Biometria | null> {
      if (!(await doEscopo(scope, moradorId))) return null;
      await gravar(
        moradorId,
        quem
          ? { consentimento_biometria_em: new Date(), consentimento_biometria_por: quem.id, consentimento_biometria_por_nome: quem.nome }
          : { consentimento_biometria_em: null, consentimento_biometria_por: null, consentimento_biometria_por_nome: null },
      );
      return ler(moradorId);
    },
  };
}

const colunasDoCartao = {
  id: cartoesMoradores.id,
  morador_id: cartoesMoradores.morador_id,
  tipo: cartoesMoradores.tipo,
  numero: cartoesMoradores.numero,
  criado_em: cartoesMoradores.criado_em,
};
const cartaoView = (c: { id: string; morador_id: string; tipo: "cartao" | "tag"; numero: string; criado_em: Date | string }): Cartao => ({
  ...c,
  criado_em: toIso(c.criado_em),
});

/** A resident's cards and tags (gate-operation-spec §2.4); the rules are in service.ts. */
export function cartoesRepository(db: Db) {
  /** The resident of the scope, with the unit and condominium their cards belong to; null: none. */
  const morador = async (scope: CondominioScope, moradorId: string) => {
    const [m] = await db
      .select({ id: moradores.id, unidade_id: moradores.unidade_id, condominio_id: unidades.condominio_id })
      .from(moradores)
      .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
      .where(and(eq(moradores.id, moradorId), unidadeInScope(scope, moradores.unidade_id)));
    return m ?? null;
  };

  return {
    morador,
    /** The resident's cards, oldest first; null: no such resident in the scope. */
    async listar(scope: CondominioScope, moradorId: string): Promise<Cartao[] | null> {
      if (!(await morador(scope, moradorId))) return null;
      const rows = await db
        .select(colunasDoCartao)
        .from(cartoesMoradores)
        .where(eq(cartoesMoradores.morador_id, moradorId))
        .orderBy(asc(cartoesMoradores.criado_em), asc(cartoesMoradores.id));
      return rows.map(cartaoView);
    },
    async quantos(moradorId: string): Promise<number> {
      const [{ n }] = (await db.select({ n: count() }).from(cartoesMoradores).where(eq(cartoesMoradores.morador_id, moradorId))) as [{ n: number }];
      return n;
    },
    /** Who holds the number in the condominium, if anyone. */
    async dono(condominioId: string, numero: string): Promise<string | null> {
      const [c] = await db
        .select({ morador_id: cartoesMoradores.morador_id })
        .from(cartoesMoradores)
        .where(and(eq(cartoesMoradores.condominio_id, condominioId), eq(cartoesMoradores.numero, numero)));
      return c?.morador_id ?? null;
    },
    async inserir(
      morador: { id: string; unidade_id: string; condominio_id: string },
      cartao: { tipo: CartaoInput["tipo"]; numero: string },
      criadoPor: string,
    ): Promise<Cartao> {
      const [row] = await db
        .insert(cartoesMoradores)
        .values({ morador_id: morador.id, unidade_id: morador.unidade_id, condominio_id: morador.condominio_id, ...cartao, criado_por: criadoPor })
        .returning(colunasDoCartao);
      return cartaoView(row!);
    },
    /** Removes one card of a resident of the scope; false when there is none. */
    async remover(scope: CondominioScope, moradorId: string, cartaoId: string): Promise<boolean> {
      const rows = await db
        .delete(cartoesMoradores)
        .where(and(eq(cartoesMoradores.id, cartaoId), eq(cartoesMoradores.morador_id, moradorId), unidadeInScope(scope, cartoesMoradores.unidade_id)))
        .returning({ id: cartoesMoradores.id });
      return rows.length > 0;
    },
  };
}

export type CartoesRepository = ReturnType<typeof cartoesRepository>;
