import { and, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { nomeComparavel, normalizeDocumento } from "@shared/br/documento";
import { normalizePlaca } from "@shared/br/placa";
import type { TipoBloqueio } from "@shared/schemas/bloqueios";
import type { Db } from "../../db/client";
import { bloqueios } from "../../db/schema";

// The gate's check (gatehouse-spec §6): a hit is a hard stop. Called by Controle de Acesso before
// it lets anyone in, and by its search to mark who would be stopped; the rule is in
// docs/decisions/0001-bloqueio-na-portaria.md.

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
  /**
   * Set when only the name matched a block that carries a document, and the gate saw no document
   * ('sem_documento') or another one ('outro_documento'): the porteiro stops and decides (he may
   * override, recorded). Unset: a hard stop no one overrides.
   */
  confira?: "sem_documento" | "outro_documento";
}

/** A block in force that may match one of the identities asked about (bloqueiosCandidatos). */
interface BloqueioCandidato {
  id: string;
  tipo: TipoBloqueio;
  motivo: string;
  documento_numero: string | null;
  placa: string | null;
  /** The block's name as `nomeComparavelSql` makes it: compared with the JS `nomeComparavel`. */
  nome_chave: string | null;
}

type Identidade = { documento: string; nome: string; placa: string };

const identidade = (quem: Omit<NaPortaria, "condominioId">): Identidade => ({
  documento: quem.documento ? normalizeDocumento(quem.documento) : "",
  nome: quem.nome ? nomeComparavel(quem.nome) : "",
  placa: quem.placa ? normalizePlaca(quem.placa) : "",
});

/**
 * The blocks in force at this condominium on São Paulo's day `hoje` (`today()` of
 * src/shared/time.ts, passed in so that the caller and its tests decide the day) that could match
 * any of `quem`: ONE statement for any number of people (the console's search asks for all its
 * results at once). In force: not removed, no last day or a last day not before `hoje`, of this
 * condominium or of every condominium (condominio_id null). Newest first.
 */
async function bloqueiosCandidatos(db: Db, condominioId: string, quem: readonly Identidade[], hoje: string): Promise<BloqueioCandidato[]> {
  const documentos = [...new Set(quem.map((q) => q.documento).filter(Boolean))];
  const nomes = [...new Set(quem.map((q) => q.nome).filter(Boolean))];
  const placas = [...new Set(quem.map((q) => q.placa).filter(Boolean))];
  const matches = [
    documentos.length ? and(eq(bloqueios.tipo, "pessoa"), inArray(bloqueios.documento_numero, documentos)) : undefined,
    nomes.length ? and(eq(bloqueios.tipo, "pessoa"), inArray(nomeComparavelSql(bloqueios.nome), nomes)) : undefined,
    placas.length ? and(eq(bloqueios.tipo, "veiculo"), inArray(bloqueios.placa, placas)) : undefined,
  ].filter((m): m is SQL => m !== undefined);
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      id: bloqueios.id,
      tipo: bloqueios.tipo,
      motivo: bloqueios.motivo,
      documento_numero: bloqueios.documento_numero,
      placa: bloqueios.placa,
      nome_chave: sql<string | null>`${nomeComparavelSql(bloqueios.nome)}`,
    })
    .from(bloqueios)
    .where(
      and(
        isNull(bloqueios.removido_em),
        or(isNull(bloqueios.valido_ate), sql`${bloqueios.valido_ate} >= ${hoje}::date`),
        or(eq(bloqueios.condominio_id, condominioId), isNull(bloqueios.condominio_id)),
        or(...matches),
      ),
    )
    .orderBy(desc(bloqueios.created_at), desc(bloqueios.id));
  return rows.map((r) => ({ ...r, tipo: r.tipo as TipoBloqueio }));
}

/**
 * THE rule (one place; the entry and the search both come here). Of the blocks in force:
 * - a vehicle's block whose plate is the plate at the gate: hard stop;
 * - a person's block whose document is the document at the gate, of any type (letters and
 *   digits compared): hard stop;
 * - a person's block without a document whose name is the name at the gate (no accents, any
 *   case, single spaces): hard stop — the name is all the block knows;
 * - a person's block WITH a document whose name is the name at the gate, the gate having no
 *   document or another one (an RG for a blocked CPF, a walk-in who gave none): a stop the
 *   porteiro decides (`confira`), never a silent pass.
 * A hard stop wins over a name-only one; of several, the newest.
 */
function aplicavel(candidatos: readonly BloqueioCandidato[], quem: Identidade): BloqueioAplicavel | null {
  let confira: BloqueioAplicavel | null = null;
  for (const b of candidatos) {
    const { id, tipo, motivo } = b;
    if (tipo === "veiculo") {
      if (quem.placa && b.placa === quem.placa) return { id, tipo, motivo };
      continue;
    }
    if (quem.documento && b.documento_numero === quem.documento) return { id, tipo, motivo };
    if (!quem.nome || b.nome_chave !== quem.nome) continue;
    if (!b.documento_numero) return { id, tipo, motivo };
    confira ??= { id, tipo, motivo, confira: quem.documento ? "outro_documento" : "sem_documento" };
  }
  return confira;
}

/** The block that stops this person or vehicle at this condominium on São Paulo's day `hoje`, or null. */
export async function bloqueioAplicavel(db: Db, quem: NaPortaria, hoje: string): Promise<BloqueioAplicavel | null> {
  const id = identidade(quem);
  return aplicavel(await bloqueiosCandidatos(db, quem.condominioId, [id], hoje), id);
}

/**
 * `bloqueioAplicavel` for many at once, in one statement: the block of each key of `quem` that
 * has one (the console's search marks its results with it before 'Registrar entrada').
 */
export async function bloqueiosAplicaveis(
  db: Db,
  condominioId: string,
  quem: ReadonlyMap<string, Omit<NaPortaria, "condominioId">>,
  hoje: string,
): Promise<Map<string, BloqueioAplicavel>> {
  const ids = [...quem].map(([key, q]) => [key, identidade(q)] as const);
  const found = new Map<string, BloqueioAplicavel>();
  if (ids.length === 0) return found;
  const candidatos = await bloqueiosCandidatos(
    db,
    condominioId,
    ids.map(([, q]) => q),
    hoje,
  );
  if (candidatos.length === 0) return found;
  for (const [key, q] of ids) {
    const b = aplicavel(candidatos, q);
    if (b) found.set(key, b);
  }
  return found;
}

const CONFIRA = {
  sem_documento: "O nome confere com o bloqueio e nenhum documento foi informado: confira a identidade.",
  outro_documento: "O nome confere com o bloqueio, mas o documento é outro: confira a identidade.",
} as const;

/**
 * The refusal's text at the gate (§9): 'Pessoa bloqueada neste condomínio: <motivo>.' and the
 * vehicle's; a name-only match says so after it, for the porteiro who decides.
 */
export function mensagemBloqueio(bloqueio: Pick<BloqueioAplicavel, "tipo" | "motivo" | "confira">): string {
  const motivo = bloqueio.motivo.trim().replace(/[.\s]+$/, "");
  const texto = bloqueio.tipo === "pessoa" ? `Pessoa bloqueada neste condomínio: ${motivo}.` : `Veículo bloqueado neste condomínio: ${motivo}.`;
  return bloqueio.confira ? `${texto} ${CONFIRA[bloqueio.confira]}` : texto;
}
