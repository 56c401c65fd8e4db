import { z } from "zod";
import { MSG } from "../messages";
import { requiredText } from "./common";

export const MIN_PASSWORD_LENGTH = 6;

export const loginSchema = z.object({
  email: requiredText(MSG.loginRequired.message, 254),
  password: z.string({ error: MSG.loginRequired.message }).min(1, MSG.loginRequired.message),
});

export const recoveryRequestSchema = z.object({
  email: requiredText(MSG.recoveryEmailRequired.message, 254).pipe(z.email("Informe um email válido.")),
});

/** Password page (§2, §5): the new password and its confirmation. */
export const newPasswordSchema = z
  .object({
    novaSenha: z
      .string({ error: MSG.passwordTooShort.message })
      .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort.message)
      .max(128, "A nova senha deve ter no máximo 128 caracteres."),
    confirmacao: z.string({ error: MSG.passwordMismatch.message }),
  })
  .refine((v) => v.novaSenha === v.confirmacao, { message: MSG.passwordMismatch.message, path: ["confirmacao"] });

export type NewPassword = z.infer<typeof newPasswordSchema>;
