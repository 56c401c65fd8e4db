import { z } from "zod";
import { MSG } from "../messages";
import { DEFAULT_PERMISSION_CATEGORY } from "../permissions";
import { emptyToNull, instante } from "./common";

/** §5: lowercase, accents dropped, runs of whitespace become underscores. */
export function normalizePermissionName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_");
}

/** "visualizar_unidades" -> "Visualizar Unidades" (§2 Groups). */
export function permissionLabel(name: string): string {
  return name
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export const permissaoInputSchema = z.object({
  nome_permissao: z
    .string({ error: MSG.permissionRequired.message })
    .transform(normalizePermissionName)
    .pipe(
      z
        .string()
        .min(1, MSG.permissionRequired.message)
        .max(100, "Use no máximo 100 caracteres.")
        .regex(/^[a-z0-9_]+$/, "Use apenas letras, números, espaços ou sublinhado no nome da permissão."),
    ),
  descricao: z.preprocess(emptyToNull, z.string().trim().max(500, "Use no máximo 500 caracteres.").nullable()).optional().default(null),
  categoria: z
    .preprocess((v) => emptyToNull(v) ?? DEFAULT_PERMISSION_CATEGORY, z.string().trim().max(100, "Use no máximo 100 caracteres."))
    .optional()
    .default(DEFAULT_PERMISSION_CATEGORY),
});

export type PermissaoInput = z.input<typeof permissaoInputSchema>;

export const permissaoSchema = z.object({
  id: z.string(),
  nome_permissao: z.string(),
  descricao: z.string().nullable(),
  categoria: z.string(),
  updated_at: instante,
});
export type Permissao = z.input<typeof permissaoSchema>;

/** The whole catalogue (no paging). */
export const permissaoListSchema = z.object({ rows: z.array(permissaoSchema), total: z.number().int() });
