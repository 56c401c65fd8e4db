import { BIOMETRIA_MENSAGENS, FOTO_MAX_BYTES } from "@shared/schemas/biometria";
import { CARTOES_MENSAGENS, CARTOES_POR_MORADOR, type Cartao } from "@shared/schemas/cartoes";
import { MSG } from "@shared/messages";
import { AppError, notFound } from "../../errors";
import type { CondominioScope } from "../../scope";
import { withUniqueMessage } from "../common";
import type { CartoesRepository } from "./repository";

// The photo's rules (gate-operation-spec §2.4): JPEG or PNG by its own bytes, not by what the
// client claims, and at most 500 KB once decoded.

const invalida = (message: string) => AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { foto: message });

/** The image in a data URL, checked: its bytes and their type. */
export function fotoDoDataUrl(dataUrl: string): { foto: Buffer; tipo: "image/jpeg" | "image/png" } {
  const virgula = dataUrl.indexOf(",");
  const declarado = dataUrl.slice(5, dataUrl.indexOf(";"));
  const foto = Buffer.from(dataUrl.slice(virgula + 1), "base64");
  if (foto.length > FOTO_MAX_BYTES) throw invalida(BIOMETRIA_MENSAGENS.fotoTamanho);
  const jpeg = foto.length > 3 && foto[0] === 0xff && foto[1] === 0xd8 && foto[2] === 0xff;
  const png = foto.length > 8 && foto.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const tipo = jpeg ? "image/jpeg" : png ? "image/png" : null;
  // A file renamed to .jpg, or a PNG sent as JPEG: what the bytes are decides, and they must agree.
  if (!tipo || tipo !== declarado) throw invalida(BIOMETRIA_MENSAGENS.fotoFormato);
  return { foto, tipo };
}

// A resident's cards and tags (§2.4): a number has one holder in a condominium. Checked here for
// a clear answer, and by the unique index for two requests at the same instant.

const duplicado = (entry: typeof MSG.cartaoDuplicate | typeof MSG.cartaoDoMorador) => AppError.from(409, "DUPLICATE", entry, { numero: entry.message });

/** Adds a card or tag to a resident of the scope. */
export async function adicionarCartao(
  repo: CartoesRepository,
  scope: CondominioScope,
  moradorId: string,
  cartao: { tipo: "cartao" | "tag"; numero: string },
  criadoPor: string,
): Promise<Cartao> {
  const morador = await repo.morador(scope, moradorId);
  if (!morador) throw notFound(MSG.moradorNotFound);
  const dono = await repo.dono(morador.condominio_id, cartao.numero);
  if (dono) throw duplicado(dono === moradorId ? MSG.cartaoDoMorador : MSG.cartaoDuplicate);
  if ((await repo.quantos(moradorId)) >= CARTOES_POR_MORADOR)
    throw AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message: CARTOES_MENSAGENS.limite }, { numero: CARTOES_MENSAGENS.limite });
  return withUniqueMessage(() => repo.inserir(morador, cartao, criadoPor), {
    cartoes_moradores_condominio_numero_unique: { ...MSG.cartaoDuplicate, field: "numero" },
  });
}
