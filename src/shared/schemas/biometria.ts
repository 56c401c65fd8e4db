import { z } from "zod";
import { instante } from "./common";

// A resident's face photo and biometric consent (gate-operation-spec §2.4). Biometrics are
// sensitive data (LGPD art. 11): without consent no face goes to any device, and the resident
// keeps card, tag or QR.

/** At most 500 KB, checked on upload (the database holds the same limit). */
export const FOTO_MAX_BYTES = 500 * 1024;

export const BIOMETRIA_MENSAGENS = {
  fotoFormato: "A foto precisa ser JPEG ou PNG.",
  fotoTamanho: "A foto pode ter no máximo 500 KB.",
  fotoObrigatoria: "Escolha a foto do morador.",
} as const;

/** The photo, as the browser reads a file: a data URL (`data:image/jpeg;base64,...`). */
export const fotoInputSchema = z.object({
  foto: z
    .string({ error: BIOMETRIA_MENSAGENS.fotoObrigatoria })
    .min(1, BIOMETRIA_MENSAGENS.fotoObrigatoria)
    // base64 of 500 KB plus the prefix: anything longer is refused before it is decoded.
    .max(Math.ceil(FOTO_MAX_BYTES / 3) * 4 + 40, BIOMETRIA_MENSAGENS.fotoTamanho)
    .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/, BIOMETRIA_MENSAGENS.fotoFormato),
});
export type FotoInput = z.input<typeof fotoInputSchema>;

export const consentimentoInputSchema = z.object({
  consentimento: z.boolean({ error: "Informe se o morador consente." }),
});

export const biometriaSchema = z.object({
  morador_id: z.string(),
  tem_foto: z.boolean(),
  foto_tipo: z.enum(["image/jpeg", "image/png"]).nullable(),
  foto_enviada_em: instante.nullable(),
  consentimento_biometria: z.object({ por: z.string(), em: instante }).nullable(),
});
export type Biometria = z.input<typeof biometriaSchema>;

export const BIOMETRIA_TEXTOS = {
  carregar: "Erro ao carregar a biometria do morador",
  foto: "Erro ao enviar a foto",
  fotoOk: "Foto enviada",
  consentimento: "Erro ao registrar o consentimento",
} as const;
