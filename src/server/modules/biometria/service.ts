import { BIOMETRIA_MENSAGENS, FOTO_MAX_BYTES } from "@shared/schemas/biometria";
import { MSG } from "@shared/messages";
import { AppError } from "../../errors";

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
