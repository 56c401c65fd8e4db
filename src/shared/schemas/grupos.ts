import { z } from "zod";
import { MSG } from "../messages";
import { optionalText, requiredText, uuidSchema } from "./common";

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

export interface GrupoListItem {
  id: string;
  nome_grupo: string;
  descricao: string | null;
  user_count: number;
  /** Names of the permissions the group grants (who may assign it: src/shared/authz-rules.ts). */
  permissoes: string[];
}

export interface Grupo extends Omit<GrupoListItem, "permissoes"> {
  permissao_ids: string[];
  updated_at: string;
}
