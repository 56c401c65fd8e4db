import { z } from "zod";
import { MSG } from "../messages";
import { USER_STATUSES } from "../permissions";
import { MIN_PASSWORD_LENGTH } from "./auth";
import { limitParam, offsetParam, optionalCpf, optionalPhone, paginaSchema, refSchema, requiredText, searchText, uuidSchema } from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

const grupoIds = z
  .array(uuidSchema, { error: "Grupos inválidos." })
  .max(100, "Escolha no máximo 100 grupos.")
  .optional()
  .default([])
  .transform((ids) => [...new Set(ids)]);

const condominioIds = z
  .array(uuidSchema, { error: "Condomínios inválidos." })
  .max(1000, "Escolha no máximo 1000 condomínios.")
  .transform((ids) => [...new Set(ids)].sort());

/**
 * The 'Condomínios' field (gatehouse-spec §2): 'Todos os condomínios', or the listed ones. Both
 * optional in the API: a new user without them serves none; an edit without them keeps the scope.
 */
const escopo = {
  acesso_todos_condominios: z.boolean({ error: "Valor inválido para 'Todos os condomínios'." }).optional(),
  condominio_ids: condominioIds.optional(),
};

export const usuarioCreateSchema = z.object({
  nome_completo: requiredText(MSG.userCreateRequired.message),
  email: requiredText(MSG.userCreateRequired.message, 254)
    .pipe(z.email("Informe um email válido."))
    .transform((e) => e.toLowerCase()),
  senha: z
    .string({ error: MSG.userCreateRequired.message })
    .min(1, MSG.userCreateRequired.message)
    .min(MIN_PASSWORD_LENGTH, MSG.userPasswordShort.message)
    .max(128, "A senha deve ter no máximo 128 caracteres."),
  telefone_celular: optionalPhone.optional().default(null),
  cpf: optionalCpf.optional().default(null),
  grupo_ids: grupoIds,
  ...escopo,
});

export const usuarioStatusSchema = z.enum(USER_STATUSES, { error: "Status inválido." });

export const usuarioUpdateSchema = z.object({
  nome_completo: requiredText(MSG.userNameRequired.message),
  telefone_celular: optionalPhone.optional().default(null),
  cpf: optionalCpf.optional().default(null),
  status: usuarioStatusSchema,
  grupo_ids: grupoIds,
  ...escopo,
});

/** The list's order: by name, then id. */
export const usuarioOrdem = sortKey(["nome_completo", cursorText()], ["id", cursorId]);

export const usuarioListQuerySchema = z
  .object({
    q: searchText,
    status: z
      .union([z.literal("todos"), usuarioStatusSchema], { error: "Status inválido." })
      .optional()
      .default("todos"),
    limit: limitParam,
    offset: offsetParam(1_000_000),
    // Sort key of the list (nome_completo, id).
    after: usuarioOrdem.after,
  })
  .superRefine(afterOrOffset);

export type UsuarioCreate = z.input<typeof usuarioCreateSchema>;
export type UsuarioUpdate = z.input<typeof usuarioUpdateSchema>;

export const usuarioSchema = z.object({
  id: z.string(),
  nome_completo: z.string(),
  email: z.string(),
  telefone_celular: z.string().nullable(),
  cpf: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  primeiro_acesso_concluido: z.boolean(),
  grupos: z.array(z.object({ id: z.string(), nome_grupo: z.string() })),
  /** Serves every condominium: set so, or a member of Administrador (gatehouse-spec §2). */
  acesso_todos_condominios: z.boolean(),
  /** The condominiums served otherwise, by name (empty with all-condominium access). */
  condominios: z.array(refSchema),
});
export type Usuario = z.input<typeof usuarioSchema>;

export const usuarioPageSchema = paginaSchema(usuarioSchema);
export const usuarioStatusResponseSchema = z.object({ id: z.string(), status: z.enum(USER_STATUSES) });
