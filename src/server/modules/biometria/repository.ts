import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Biometria } from "@shared/schemas/biometria";
import type { Db } from "../../db/client";
import { biometriaMoradores, moradores } from "../../db/schema";
import { unidadeInScope, type CondominioScope } from "../../scope";
import { toIso } from "../common";

// A resident's photo and consent. Every read and write checks the resident is in the user's
// condominiums first (through the resident's unit), as the resident's own routes do.

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
