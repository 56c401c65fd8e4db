import { z } from "zod";
import { MSG } from "../messages";
import { SITUACOES_PRESTADOR } from "../prestador-situacao";
import {
  ativoFilter,
  booleanDefaultTrue,
  emptyToNull,
  listPaging,
  optionalCpfOuCnpj,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  paginaSchema,
  refSchema,
  requiredText,
  searchText,
} from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

export const prestadorInputSchema = z
  .object({
    nome_empresa_profissional: requiredText(MSG.prestadorRequired.message),
    tipo_servico: requiredText(MSG.prestadorRequired.message, 100),
    cnpj_cpf: optionalCpfOuCnpj.optional().default(null),
    telefone: optionalPhone.optional().default(null),
    email: optionalEmail.optional().default(null),
    data_inicio_autorizacao: optionalDate.optional().default(null),
    data_fim_autorizacao: optionalDate.optional().default(null),
    // Empty means "general" (no condominium), stored as null (§5).
    condominio_id: z.preprocess(emptyToNull, z.uuid("Condomínio inválido.").nullable()).optional().default(null),
    observacoes: optionalText(1000).optional().default(null),
    ativo: booleanDefaultTrue,
  })
  .refine((p) => !p.data_inicio_autorizacao || !p.data_fim_autorizacao || p.data_fim_autorizacao >= p.data_inicio_autorizacao, {
    message: "O fim da autorização não pode ser antes do início.",
    path: ["data_fim_autorizacao"],
  });

/** The list's order: by name or company, then id. */
export const prestadorOrdem = sortKey(["nome_empresa_profissional", cursorText()], ["id", cursorId]);

export const prestadorListQuerySchema = z
  .object({
    q: searchText,
    // 'todos', 'geral' (no condominium) or one condominium.
    condominio_id: z
      .union([z.literal("todos"), z.literal("geral"), z.uuid("Condomínio inválido.")])
      .optional()
      .default("todos"),
    status: ativoFilter,
    // The authorisation's situation today in São Paulo (issue 14), or 'todas'.
    situacao: z
      .enum(["todas", ...SITUACOES_PRESTADOR], { error: "Situação inválida." })
      .optional()
      .default("todas"),
    ...listPaging,
    // Sort key of the list (nome_empresa_profissional, id).
    after: prestadorOrdem.after,
  })
  .superRefine(afterOrOffset);

export type PrestadorInput = z.input<typeof prestadorInputSchema>;

export const prestadorSchema = z.object({
  id: z.string(),
  nome_empresa_profissional: z.string(),
  cnpj_cpf: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  tipo_servico: z.string(),
  // Calendar dates, YYYY-MM-DD.
  data_inicio_autorizacao: z.string().nullable(),
  data_fim_autorizacao: z.string().nullable(),
  condominio_id: z.string().nullable(),
  /** Null: a 'Geral' provider (every condominium). */
  condominio: refSchema.nullable(),
  observacoes: z.string().nullable(),
  ativo: z.boolean(),
  /** The authorisation's situation today in São Paulo (src/shared/prestador-situacao.ts). */
  situacao: z.enum(SITUACOES_PRESTADOR),
});
export type Prestador = z.input<typeof prestadorSchema>;

export const prestadorPageSchema = paginaSchema(prestadorSchema);
