import { ENCOMENDAS_TEXTOS, diasAguardando, lerQrDaRetirada, type Encomenda, type FormaRetirada } from "@shared/schemas/encomendas";
import { unidadeLabel } from "@shared/schemas/unidades";

/**
 * What the pickup's code field got: six digits typed, or the resident's QR payload (a USB reader
 * types it like a keyboard) carrying the unit too. Null while it is neither.
 */
export function lerCodigoDigitado(texto: string): { codigo: string; forma: Extract<FormaRetirada, "codigo" | "qrcode">; unidade_id?: string } | null {
  const qr = lerQrDaRetirada(texto);
  if (qr) return { codigo: qr.codigo, forma: "qrcode", unidade_id: qr.unidade_id };
  const digits = texto.trim();
  return /^\d{6}$/.test(digits) ? { codigo: digits, forma: "codigo" } : null;
}

/** 'Aguardando há N dias' of a waiting parcel (São Paulo's calendar days; `hoje` for tests). */
export const aguardandoTexto = (recebidaEm: string, hoje?: string) => ENCOMENDAS_TEXTOS.aguardandoHa(diasAguardando(recebidaEm, hoje));

/** The unit and condominium of a parcel, as a row reads it. */
export const unidadeDaEncomenda = (e: Pick<Encomenda, "unidade">) => unidadeLabel(e.unidade);
