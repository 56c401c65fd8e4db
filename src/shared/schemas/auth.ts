import { z } from "zod";
import { MSG } from "../messages";
import { instante, requiredText } from "./common";

export const MIN_PASSWORD_LENGTH = 6;

export const loginSchema = z.object({
  email: requiredText(MSG.loginRequired.message, 254),
  password: z.string({ error: MSG.loginRequired.message }).min(1, MSG.loginRequired.message),
});

export const recoveryRequestSchema = z.object({
  email: requiredText(MSG.recoveryEmailRequired.message, 254).pipe(z.email("Informe um email válido.")),
});

export const newPasswordFields = {
  novaSenha: z
    .string({ error: MSG.passwordTooShort.message })
    .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort.message)
    .max(128, "A nova senha deve ter no máximo 128 caracteres."),
  confirmacao: z.string({ error: MSG.passwordMismatch.message }),
};
export const confirmed: [(v: { novaSenha: string; confirmacao: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.novaSenha === v.confirmacao,
  { message: MSG.passwordMismatch.message, path: ["confirmacao"] },
];

/** Password page (§2, §5): the new password and its confirmation. */
export const newPasswordSchema = z.object(newPasswordFields).refine(...confirmed);

export type NewPassword = z.infer<typeof newPasswordSchema>;

/**
 * POST /api/me/senha. The current password is required of everyone whose first access is done
 * (Minha conta); at first access the page asks only for the new one (§2).
 */
export const mePasswordSchema = z
  .object({
    senhaAtual: z.string({ error: MSG.currentPasswordRequired.message }).max(128, "A senha atual deve ter no máximo 128 caracteres.").optional(),
    ...newPasswordFields,
  })
  .refine(...confirmed);

/** Minha conta's form: the same, with the current password always asked. */
export const changePasswordSchema = z
  .object({
    senhaAtual: z
      .string({ error: MSG.currentPasswordRequired.message })
      .min(1, MSG.currentPasswordRequired.message)
      .max(128, "A senha atual deve ter no máximo 128 caracteres."),
    ...newPasswordFields,
  })
  .refine(...confirmed);

/** One of the signed-in user's open sessions (Minha conta). */
export const sessaoAbertaSchema = z.object({
  id: z.string(),
  /** Browser and system, as the device told them ("Chrome 131 · Linux"), or 'Dispositivo desconhecido'. */
  dispositivo: z.string(),
  ip: z.string().nullable(),
  criada_em: instante,
  ultimo_uso: instante,
  /** The session of this very request. */
  atual: z.boolean(),
});
export type SessaoAberta = z.input<typeof sessaoAbertaSchema>;

export const sessoesResponseSchema = z.object({ rows: z.array(sessaoAbertaSchema), inatividade_minutos: z.number().int() });
/** When the session ends if nothing else happens (idle or absolute limit, whichever comes first). */
export const sessaoResponseSchema = z.object({ expira_em: instante });
export const sessoesEncerradasSchema = z.object({ encerradas: z.number().int() });
