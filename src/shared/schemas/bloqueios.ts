import { z } from "zod";
import { isValidDocumento, normalizeDocumento } from "../br/documento";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { MSG } from "../messages";
import { today } from "../time";
import {
  condominioFilter,
  cpfDoDocumento,
  emptyToNull,
  optionalDocumentoTipo,
  instante,
  listPaging,
  optionalDate,
  optionalText,
  paginaSchema,
  refSchema,
  requiredText,
  searchText,
} from "./common";
import { afterOrOffset, cursorId, cursorInstant, newestFirst } from "./cursor";

// The blocklist (gatehouse-spec §6): persons (document and/or name) and vehicles (plate) who must
// not enter one condominium, or every condominium (condominio_id null), until a date or indefinitely.

export const TIPOS_BLOQUEIO = ["pessoa", "veiculo"] as const;
export type TipoBloqueio = (typeof TIPOS_BLOQUEIO)[number];
export const TIPO_BLOQUEIO_LABEL: Record<TipoBloqueio, string> = { pessoa: "Pessoa", veiculo: "Veículo" };

/** Which blocks a list shows: in force today, ended by their date, removed, or all of them. */
export const SITUACOES_BLOQUEIO = ["ativos", "expirados", "removidos", "todos"] as const;
export type SituacaoBloqueioFiltro = (typeof SITUACOES_BLOQUEIO)[number];
export const SITUACAO_BLOQUEIO_LABEL: Record<SituacaoBloqueioFiltro, string> = {
  ativos: "Ativos",
  expirados: "Expirados",
  removidos: "Removidos",
  todos: "Todos",
};

/** A person's document (CPF, RG, CNH, passport...), stored as letters and digits (br/documento.ts). */
export const optionalDocumento = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(30, "Use no máximo 30 caracteres.")
    .refine(isValidDocumento, "Documento inválido. Use de 4 a 20 letras e números.")
    .transform(normalizeDocumento)
    .nullable(),
);

export const optionalPlaca = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(10, "Placa inválida. Use ABC-1234 ou ABC1D23.")
    .refine(isValidPlaca, "Placa inválida. Use ABC-1234 ou ABC1D23.")
    .transform(normalizePlaca)
    .nullable(),
);

export const bloqueioInputSchema = z
  .object({
    tipo: z.enum(TIPOS_BLOQUEIO, { error: "Escolha o tipo do bloqueio: pessoa ou veículo." }),
    nome: optionalText(200).optional().default(null),
    // The document's type is not kept (a block matches the document whatever its type): it says
    // how to check the number — a CPF by its check digits (docs/decisions/0002).
    documento_tipo: optionalDocumentoTipo.optional().default(null),
    documento_numero: optionalDocumento.optional().default(null),
    placa: optionalPlaca.optional().default(null),
    // Null (or empty): every condominium — of the whole company for who serves them all, of the
    // user's own condominiums otherwise (docs/decisions/0212-bloqueios.md).
    condominio_id: z.preprocess(emptyToNull, z.uuid("Condomínio inválido.").nullable()).optional().default(null),
    motivo: requiredText(MSG.bloqueioMotivoRequired.message, 500),
    // The last day of the block (São Paulo's calendar); empty: indefinitely.
    valido_ate: optionalDate
      .refine((d) => d === null || d >= today(), "A data final não pode estar no passado.")
      .optional()
      .default(null),
  })
  .superRefine((b, ctx) => {
    if (b.tipo === "pessoa") cpfDoDocumento(b, ctx);
    if (b.tipo === "pessoa" && !b.documento_numero && !b.nome) {
      ctx.addIssue({ code: "custom", path: ["documento_numero"], message: MSG.bloqueioPessoaRequired.message });
    }
    if (b.tipo === "veiculo" && !b.placa) ctx.addIssue({ code: "custom", path: ["placa"], message: MSG.bloqueioVeiculoRequired.message });
  });

export type BloqueioInput = z.input<typeof bloqueioInputSchema>;
export type BloqueioData = z.output<typeof bloqueioInputSchema>;

/** The list's order: newest first. */
export const bloqueioOrdem = newestFirst(["created_key", cursorInstant], ["id", cursorId]);

export const bloqueioListQuerySchema = z
  .object({
    q: searchText,
    // 'todos' or one condominium (its own blocks and those of every condominium).
    condominio_id: condominioFilter,
    tipo: z
      .enum(["todos", ...TIPOS_BLOQUEIO], { error: "Tipo inválido." })
      .optional()
      .default("todos"),
    mostrar: z.enum(SITUACOES_BLOQUEIO, { error: "Situação inválida." }).optional().default("ativos"),
    ...listPaging,
    after: bloqueioOrdem.after,
  })
  .superRefine(afterOrOffset);

export type BloqueioListQuery = z.input<typeof bloqueioListQuerySchema>;

/** A block's state today: in force, past its last day, or removed. */
export const SITUACOES_BLOQUEIO_DIA = ["ativo", "expirado", "removido"] as const;
export type SituacaoBloqueio = (typeof SITUACOES_BLOQUEIO_DIA)[number];

export const bloqueioSchema = z.object({
  id: z.string(),
  condominio_id: z.string().nullable(),
  /** Null: every condominium. */
  condominio: refSchema.nullable(),
  tipo: z.enum(TIPOS_BLOQUEIO),
  nome: z.string().nullable(),
  documento_numero: z.string().nullable(),
  placa: z.string().nullable(),
  motivo: z.string(),
  /** The last day (YYYY-MM-DD, São Paulo's calendar), or null: indefinitely. */
  valido_ate: z.string().nullable(),
  /** Null when not recorded; a removed user's name reads 'Usuário removido'. */
  criado_por: refSchema.nullable(),
  created_at: instante,
  removido_por: refSchema.nullable(),
  removido_em: instante.nullable(),
  situacao: z.enum(SITUACOES_BLOQUEIO_DIA),
});
export type Bloqueio = z.input<typeof bloqueioSchema>;

export const bloqueioPageSchema = paginaSchema(bloqueioSchema);

/** The answer of a creation: one block per condominium it was created for. */
export const bloqueiosCriadosSchema = z.object({ rows: z.array(bloqueioSchema) });
