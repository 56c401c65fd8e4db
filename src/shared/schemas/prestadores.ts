import { z } from "zod";
import { MSG } from "../messages";
import { SITUACOES_PRESTADOR, type SituacaoPrestador } from "../prestador-situacao";
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
  requiredText,
  searchText,
} from "./common";
import { afterOrOffset, cursorId, cursorParam, cursorText } from "./cursor";

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
    after: cursorParam(z.tuple([cursorText(), cursorId])),
  })
  .superRefine(afterOrOffset);

export type PrestadorInput = z.input<typeof prestadorInputSchema>;

export interface Prestador {
  id: string;
  nome_empresa_profissional: string;
  cnpj_cpf: string | null;
  telefone: string | null;
  email: string | null;
  tipo_servico: string;
  data_inicio_autorizacao: string | null;
  data_fim_autorizacao: string | null;
  condominio_id: string | null;
  condominio: { id: string; nome: string } | null;
  observacoes: string | null;
  ativo: boolean;
  /** The authorisation's situation today in São Paulo (src/shared/prestador-situacao.ts). */
  situacao: SituacaoPrestador;
}
