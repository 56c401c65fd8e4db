import type { CondominioNoEscopo } from "../../scope";
import { pareceCodigo } from "@shared/schemas/visitantes";
import { verificarQr } from "./codigo";
import type { VisitantesRepository } from "./repository";
import type { LimiteDeCodigos, QuemDigita } from "./tentativas";

/** A typed short code, or a scanned QR payload. */
export type CodigoDigitado = { codigo: string } | { qrcode: string };

/**
 * The authorisation of the gate's condominium a code or QR opens, or null ('Código inválido ou
 * inexistente.'). A QR opens it only when its signature holds and it names this authorisation
 * with its current end; an expired QR still opens it, so that the gate records the refusal with
 * its date. Rate-limited: a miss counts against the gate and the address, per shape (tentativas.ts).
 */
export function resolvedorDeCodigos(repo: VisitantesRepository, secret: Buffer, limite: LimiteDeCodigos) {
  return async (quem: QuemDigita, condominioId: CondominioNoEscopo, digitado: CodigoDigitado): Promise<string | null> => {
    const forma = "codigo" in digitado && pareceCodigo(digitado.codigo) ? "codigo" : "outro";
    const tentativa = await limite.tentar(quem, condominioId, forma);
    let id: string | null = null;
    if ("codigo" in digitado) {
      if (pareceCodigo(digitado.codigo)) id = await repo.idPorCodigo(condominioId, digitado.codigo);
    } else {
      const conteudo = verificarQr(secret, digitado.qrcode);
      if (conteudo) {
        const found = await repo.naPortaria(condominioId, conteudo.autorizacaoId);
        if (found && new Date(found.valido_ate).getTime() === conteudo.validoAte.getTime()) id = found.id;
      }
    }
    if (id) await tentativa.acertou();
    return id;
  };
}

export type ResolvedorDeCodigos = ReturnType<typeof resolvedorDeCodigos>;
