import { z } from "zod";
import { MSG } from "../messages";
import { instante, optionalText, requiredText, uuidSchema } from "./common";

export const grupoInputSchema = z.object({
  nome_grupo: requiredText(MSG.groupNameRequired.message, 100),
  descricao: optionalText(500).optional().default(null),
  // Omitted on an edit: the group's permissions stay as they are (how Administrador is saved).
  permissao_ids: z
    .array(uuidSchema, { error: "Permissões inválidas." })
    .max(1000, "Escolha no máximo 1000 permissões.")
    .transform((ids) => [...new Set(ids)])
    .optional(),
});

export type GrupoInput = z.input<typeof grupoInputSchema>;

export const grupoListItemSchema = z.object({
  id: z.string(),
  nome_grupo: z.string(),
  descricao: z.string().nullable(),
  user_count: z.number().int(),
  /** Names of the permissions the group grants (who may assign it: src/shared/authz-rules.ts). */
  permissoes: z.array(z.string()),
});
export type GrupoListItem = z.input<typeof grupoListItemSchema>;

/** The whole list (no paging). */
export const grupoListSchema = z.object({ rows: z.array(grupoListItemSchema), total: z.number().int() });

export const grupoSchema = grupoListItemSchema.omit({ permissoes: true }).extend({
  permissao_ids: z.array(z.string()),
  updated_at: instante,
});
export type Grupo = z.input<typeof grupoSchema>;
