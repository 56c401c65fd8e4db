import { and, desc, eq, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { nomeComparavel, normalizeDocumento } from "../../../shared/br/documento";
import { normalizePlaca } from "../../../shared/br/placa";
import type { TipoBloqueio } from "../../../shared/schemas/bloqueios";
import type { Db } from "../../db/client";
import { bloqueios } from "../../db/schema";

// The gate's check (gatehouse-spec §6): a hit is a hard stop. Called by Controle de Acesso before
// it lets anyone in; docs/decisions.md, "Bloqueios".

const ACENTUADAS = "ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ";
const SEM_ACENTO = "AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn";

/**
 * `nomeComparavel` (src/shared/br/documento.ts) in SQL: accents off before lower() (PostgreSQL's
 * lower() in the C locale leaves 'É' alone), single spaces, trimmed.
 */
export const nomeComparavelSql = (column: SQLWrapper): SQL =>
  sql`btrim(regexp_replace(lower(translate(${column}, ${ACENTUADAS}, ${SEM_ACENTO})), '\\s+', ' ', 'g'))`;

/** What is known of who (or what) is at the gate. */
export interface NaPortaria {
  condominioId: string;
  /** Any document as typed (CPF with or without dots, RG...): compared as letters and digits. */
  documento?: string | null;
  nome?: string | null;
  placa?: string | null;
}

export interface BloqueioAplicavel {
  id: string;
  tipo: TipoBloqueio;
  motivo: string;
}

/**
 * The block in force that stops this person or vehicle at this condominium, or null. In force:
 * not removed, and no last day or a last day not before `hoje` (São Paulo's today, `today()` of
 * src/shared/time.ts, passed in so that the caller and its tests decide the day). It matches a
 * block of this condominium or of every condominium (condominio_id null):
 * - a person's block with a document, by the document (letters and digits);
 * - a person's block without a document, by the name (no accents, any case, single spaces);
 * - a vehicle's block, by the plate.
 * Of several, the newest.
 */
export async function bloqueioAplicavel(db: Db, quem: NaPortaria, hoje: string): Promise<BloqueioAplicavel | null> {
  const documento = quem.documento ? normalizeDocumento(quem.documento) : "";
  const nome = quem.nome ? nomeComparavel(quem.nome) : "";
  const placa = quem.placa ? normalizePlaca(quem.placa) : "";
  const matches = [
    documento ? and(eq(bloqueios.tipo, "pessoa"), eq(bloqueios.documento_numero, documento)) : undefined,
    nome ? and(eq(bloqueios.tipo, "pessoa"), isNull(bloqueios.documento_numero), sql`${nomeComparavelSql(bloqueios.nome)} = ${nome}`) : undefined,
    placa ? and(eq(bloqueios.tipo, "veiculo"), eq(bloqueios.placa, placa)) : undefined,
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return null;
  const [row] = await db
    .select({ id: bloqueios.id, tipo: bloqueios.tipo, motivo: bloqueios.motivo })
    .from(bloqueios)
    .where(
      and(
        isNull(bloqueios.removido_em),
        or(isNull(bloqueios.valido_ate), sql`${bloqueios.valido_ate} >= ${hoje}::date`),
        or(eq(bloqueios.condominio_id, quem.condominioId), isNull(bloqueios.condominio_id)),
        or(...matches),
      ),
    )
    .orderBy(desc(bloqueios.created_at), desc(bloqueios.id))
    .limit(1);
  return row ? { id: row.id, tipo: row.tipo as TipoBloqueio, motivo: row.motivo } : null;
}

/** The refusal's text at the gate (§9): 'Pessoa bloqueada neste condomínio: <motivo>.' and the vehicle's. */
export function mensagemBloqueio(bloqueio: Pick<BloqueioAplicavel, "tipo" | "motivo">): string {
  const motivo = bloqueio.motivo.trim().replace(/[.\s]+$/, "");
  return bloqueio.tipo === "pessoa" ? `Pessoa bloqueada neste condomínio: ${motivo}.` : `Veículo bloqueado neste condomínio: ${motivo}.`;
}
