import { z } from "zod";
import { usuarioSchema } from "./usuarios";

/** The Portaria Web profile of the signed-in user (spec §3 Profile). */
export const profileSchema = usuarioSchema.omit({ condominios: true }).extend({
  auth_user_id: z.string(),
  permissions: z.array(z.string()),
  /** The condominiums served when not all of them (empty otherwise). */
  condominio_ids: z.array(z.string()),
});
export type Profile = z.input<typeof profileSchema>;

/** GET /api/me: the signed-in auth user and their Portaria Web profile. */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  profile: profileSchema.nullable(),
  morador: z.boolean().describe("Se a pessoa entra na Área do Morador (conta ativa em alguma unidade ativa)."),
});
export type MeResponse = z.input<typeof meResponseSchema>;
