import { and, eq } from "drizzle-orm";
import { registroAlteradoMessage, registrosIntegrosMessage, type VerificacaoIntegridade } from "../../../shared/schemas/registros";
import { formatDateTime, today } from "../../../shared/time";
import type { Db } from "../../db/client";
import { registrosAcesso, registrosCadeia } from "../../db/schema";
import { verificarCadeia, type Paginas } from "./cadeia";
import { seqRangeOfPeriod } from "./repository";

const integros = (verificados: number): VerificacaoIntegridade => ({ integra: true, verificados, mensagem: registrosIntegrosMessage(verificados) });

/**
 * 'Verificar integridade' (gatehouse-spec §5, §9) of one condominium, over a period of São Paulo
 * dates or its whole history: the chain walked by verificarCadeia, and, when the walk reaches the
 * present, its end compared with the chain head, so that records removed from the end are noticed
 * too. The head is read first: records registered during the walk are not taken for removed ones.
 */
export async function verificarIntegridade(
  db: Db,
  condominioId: string,
  periodo?: { de: string; ate: string },
  paginas?: Paginas,
): Promise<VerificacaoIntegridade> {
  const [head] = await db.select({ ultimo_seq: registrosCadeia.ultimo_seq }).from(registrosCadeia).where(eq(registrosCadeia.condominio_id, condominioId));
  const ultimoSeq = head?.ultimo_seq ?? 0;
  let desde = 1;
  let ate = ultimoSeq;
  let reachesPresent = true;
  if (periodo) {
    const range = await seqRangeOfPeriod(db, condominioId, periodo.de, periodo.ate);
    reachesPresent = periodo.ate >= today();
    if (!range && !reachesPresent) return integros(0);
    desde = range?.desde ?? ultimoSeq + 1;
    ate = reachesPresent ? ultimoSeq : range!.ate;
  }
  if (desde > ate) return integros(0);

  const result = await verificarCadeia(db, condominioId, desde, ate, paginas);
  if (!result.integra) {
    const { id, registrado_em, nome_pessoa } = result.registro;
    return {
      integra: false,
      verificados: result.verificados,
      mensagem: registroAlteradoMessage(formatDateTime(registrado_em), nome_pessoa),
      registro: { id, registrado_em, nome_pessoa },
    };
  }
  const ultimoVerificado = desde + result.verificados - 1;
  if (reachesPresent && ultimoVerificado < ate) {
    // The last records are gone: named by the time of the last one left and the numbers missing.
    const [last] = await db
      .select({ registrado_em: registrosAcesso.registrado_em })
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.condominio_id, condominioId), eq(registrosAcesso.seq, ultimoVerificado)));
    const quando = last ? formatDateTime(last.registrado_em) : "—";
    const faltam = ultimoVerificado + 1 === ate ? `registro nº ${ate} ausente` : `registros nº ${ultimoVerificado + 1} a ${ate} ausentes`;
    return {
      integra: false,
      verificados: result.verificados,
      mensagem: registroAlteradoMessage(quando, faltam),
      registro: { id: null, registrado_em: last ? last.registrado_em.toISOString() : null, nome_pessoa: null },
    };
  }
  return integros(result.verificados);
}
