import { z } from "zod";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { cpfDoDocumento, emptyToNull, optionalText, requiredText, searchText, unidadeRefSchema, uuidSchema } from "./common";
import { optionalDocumento } from "./bloqueios";
import { TIPOS_PESSOA } from "./registros";
import type { SituacaoPrestador } from "../prestador-situacao";
import { DOCUMENTO_TIPOS, QR_PREFIXO, visitanteEncontradoSchema } from "./visitantes";

// Controle de Acesso (gatehouse-spec §3): the gate console's requests and answers.

const condominioId = z.uuid("Escolha o condomínio da portaria.");

export const buscaPortariaQuerySchema = z.object({
  condominio_id: condominioId,
  q: z.string().trim().max(100, "Busca muito longa.").optional().default(""),
});

const optionalPlaca = z.preprocess(
  emptyToNull,
  z.string().transform(normalizePlaca).pipe(z.string().refine(isValidPlaca, "Placa inválida. Use ABC-1234 ou ABC1D23.")).nullable(),
);

/** Who passes the gate: a registered resident or provider, or someone inside now (their presence). */
export const pessoaPortariaSchema = z.discriminatedUnion(
  "tipo",
  [
    z.object({ tipo: z.literal("morador"), morador_id: uuidSchema }),
    z.object({ tipo: z.literal("prestador"), prestador_id: uuidSchema }),
    z.object({ tipo: z.literal("presenca"), presenca_id: uuidSchema }),
    // A pre-authorised visitor (§4): found by the search, by the typed code, or by the scanned QR
    // code (its signature is checked again at the entry).
    z.object({ tipo: z.literal("autorizacao"), autorizacao_id: uuidSchema }),
    z.object({ tipo: z.literal("codigo"), codigo: z.string({ error: "Código inválido." }).trim().min(1, "Informe o código.").max(20, "Código inválido.") }),
    z.object({
      tipo: z.literal("qrcode"),
      payload: z
        .string({ error: "QR Code inválido." })
        .trim()
        .max(200, "QR Code inválido.")
        .refine((v) => v.startsWith(QR_PREFIXO), "QR Code inválido."),
    }),
  ],
  { error: "Pessoa inválida." },
);

export const entradaSchema = z.object({
  condominio_id: condominioId,
  pessoa: pessoaPortariaSchema,
  /** The vehicle they came in, if any. */
  placa: optionalPlaca.optional().default(null),
  /**
   * Ignored: the recorded method is what the server resolved (a code, a QR, else the search).
   * Still accepted because unknown fields are refused, and a console loaded before this change
   * (still open at a gate) sends it.
   */
  metodo: z.enum(["busca", "codigo", "qrcode", "manual"], { error: "Método inválido." }).optional(),
  /** 'Liberar mesmo assim': who authorised letting in someone refused (never past the blocklist). */
  liberar_mesmo_assim: z
    .object({ autorizado_por: requiredText("Informe quem autorizou a entrada.", 200) }, { error: "Informe quem autorizou a entrada." })
    .optional(),
});

export const saidaSchema = z.object({
  condominio_id: condominioId,
  pessoa: pessoaPortariaSchema,
});

export { DOCUMENTO_TIPOS };
export const DOCUMENTO_TIPO_LABEL: Record<(typeof DOCUMENTO_TIPOS)[number], string> = {
  cpf: "CPF",
  rg: "RG",
  cnh: "CNH",
  passaporte: "Passaporte",
  outro: "Outro",
};

/** 'Autorizado por' typed (síndico, administração, the resident by intercom): a unit with no active resident. */
export const AUTORIZADO_POR_NOME_REQUIRED = "Informe quem autorizou a entrada.";

/**
 * 'Visitante sem pré-autorização' (§3): the porteiro confirmed with a resident of the unit by
 * intercom; at a unit with no active resident, with whoever authorised it, named as typed
 * (docs/decisions/0002-visitante-sem-pre-autorizacao.md). Which of the two the unit takes is the
 * server's to check (it knows the unit's residents).
 */
const visitanteSemAutorizacaoCampos = z.object({
  condominio_id: condominioId,
  nome: requiredText("Informe o nome do visitante.", 200),
  documento_tipo: z
    .preprocess(emptyToNull, z.enum(DOCUMENTO_TIPOS, { error: "Tipo de documento inválido." }).nullable())
    .optional()
    .default(null),
  documento_numero: optionalDocumento.optional().default(null),
  unidade_id: z.uuid("Escolha a unidade de destino."),
  autorizado_por_morador_id: z.preprocess(emptyToNull, z.uuid("Escolha o morador que autorizou a entrada.").nullable()).optional().default(null),
  autorizado_por_nome: optionalText(200).optional().default(null),
  /** A delivery (entregador) rather than a visitor: the record's kind, and what the residents are asked about. */
  entrega: z.boolean({ error: "Escolha se é uma entrega." }).optional().default(false),
  /** The resident's answer this entry rests on ('Pedir autorização ao morador'): its who, channel and time go into the record. */
  solicitacao_id: z.preprocess(emptyToNull, z.uuid("Pedido de autorização inválido.").nullable()).optional().default(null),
  placa: optionalPlaca.optional().default(null),
  observacao: optionalText(500).optional().default(null),
  liberar_mesmo_assim: entradaSchema.shape.liberar_mesmo_assim,
});

const visitanteSemAutorizacaoRegras = (v: z.output<typeof visitanteSemAutorizacaoForm>, ctx: z.RefinementCtx) => {
  cpfDoDocumento(v, ctx);
  if (v.autorizado_por_morador_id && v.autorizado_por_nome) {
    ctx.addIssue({ code: "custom", path: ["autorizado_por_nome"], message: "Escolha o morador ou informe quem autorizou, não os dois." });
  }
};

/** The form's fields (the console adds the condominium and 'Liberar mesmo assim'). */
export const visitanteSemAutorizacaoForm = visitanteSemAutorizacaoCampos.omit({ condominio_id: true, liberar_mesmo_assim: true });
export const visitanteSemAutorizacaoFormSchema = visitanteSemAutorizacaoForm.superRefine(visitanteSemAutorizacaoRegras);
export const visitanteSemAutorizacaoSchema = visitanteSemAutorizacaoCampos.superRefine(visitanteSemAutorizacaoRegras);

/** 'Quem está no condomínio': the gate's condominium; optionally a text (name, document, plate or unit) and a kind of person. */
export const presentesQuerySchema = z.object({
  condominio_id: condominioId,
  q: searchText,
  tipo_pessoa: z
    .enum(["todos", ...TIPOS_PESSOA], { error: "Filtro inválido." })
    .optional()
    .default("todos"),
});
export type PresentesQuery = z.output<typeof presentesQuerySchema>;

export const unidadesPortariaQuerySchema = z.object({ condominio_id: condominioId });

export type Entrada = z.output<typeof entradaSchema>;
export type Saida = z.output<typeof saidaSchema>;
export type VisitanteSemAutorizacao = z.output<typeof visitanteSemAutorizacaoSchema>;

// The answers, declared for the routes' response serialisation (and OpenAPI later).
const unidadeResumo = unidadeRefSchema;
export type UnidadeResumo = z.infer<typeof unidadeResumo>;

/** 'Autorizado por': an active resident of the destination unit. */
const moradorResumo = z.object({ id: z.string(), nome_completo: z.string() });
export type MoradorResumo = z.infer<typeof moradorResumo>;

/** The visitor form's pick-lists: the gate's units, and a unit's active residents. */
export const unidadesPortariaResponseSchema = z.object({ rows: z.array(unidadeResumo), total: z.number().int() });
export const moradoresPortariaResponseSchema = z.object({ rows: z.array(moradorResumo), total: z.number().int() });

const moradorEncontrado = z.object({
  id: z.string(),
  nome_completo: z.string(),
  tipo_morador: z.string(),
  telefone_celular: z.string().nullable(),
  ativo: z.boolean(),
  unidade: unidadeResumo,
  /** Inside now since (ISO instant), or null. */
  dentro_desde: z.string().nullable(),
});
export type MoradorEncontrado = z.infer<typeof moradorEncontrado>;

const veiculoEncontrado = z.object({
  id: z.string(),
  placa: z.string(),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  cor: z.string().nullable(),
  ativo: z.boolean(),
  morador: z.object({ id: z.string(), nome_completo: z.string(), ativo: z.boolean(), dentro_desde: z.string().nullable() }),
  unidade: unidadeResumo,
});
export type VeiculoEncontrado = z.infer<typeof veiculoEncontrado>;

const prestadorEncontrado = z.object({
  id: z.string(),
  nome_empresa_profissional: z.string(),
  tipo_servico: z.string(),
  ativo: z.boolean(),
  situacao: z.enum(["vigente", "vencida", "a_iniciar", "indeterminado"]) satisfies z.ZodType<SituacaoPrestador>,
  /** 'Autorizado hoje', 'Fora do período autorizado' or 'Inativo' (§3). */
  situacao_hoje: z.enum(["Autorizado hoje", "Fora do período autorizado", "Inativo"]),
  dentro_desde: z.string().nullable(),
});
export type PrestadorEncontrado = z.infer<typeof prestadorEncontrado>;

export const buscaPortariaResponseSchema = z.object({
  moradores: z.array(moradorEncontrado),
  veiculos: z.array(veiculoEncontrado),
  prestadores: z.array(prestadorEncontrado),
  /** Pre-authorised visitors (§4) whose name, document or code matches. */
  visitantes: z.array(visitanteEncontradoSchema),
  /**
   * A typed 8-character code or a scanned QR payload opens its authorisation directly (null
   * otherwise); `codigo_recusa` says why a code or QR did not ('Código inválido ou inexistente.',
   * or the signed end of an expired QR).
   */
  autorizacao: visitanteEncontradoSchema.nullable(),
  codigo_recusa: z.string().nullable(),
  /**
   * The stop each result would meet at 'Registrar entrada' (§3, §6), shown before the click:
   * keyed 'morador:<id>', 'veiculo:<id>' (its plate and its owner), 'prestador:<id>',
   * 'autorizacao:<id>' (the visitors and the authorisation a code opened); only the blocked ones.
   * `mensagem` is the refusal's text; `pode_liberar` when only the name matched (the porteiro decides).
   */
  bloqueios: z.record(z.string(), z.object({ mensagem: z.string(), pode_liberar: z.boolean() })),
});
export type BuscaPortaria = z.infer<typeof buscaPortariaResponseSchema>;

/** What the gate answers to an entry or exit: let in, or refused with the reason (recorded either way). */
export const resultadoAcessoSchema = z.object({
  registro_id: z.string(),
  resultado: z.enum(["liberado", "negado"]),
  /** The toast's title and text (§9). */
  titulo: z.string(),
  mensagem: z.string(),
  /** A refusal the porteiro may override ('Liberar mesmo assim'): every reason but the blocklist. */
  pode_liberar: z.boolean(),
});
export type ResultadoAcesso = z.infer<typeof resultadoAcessoSchema>;

const presenca = z.object({
  id: z.string(),
  tipo_pessoa: z.string(),
  nome_pessoa: z.string(),
  unidade: unidadeResumo.nullable(),
  placa: z.string().nullable(),
  entrou_em: z.string(),
  /** A visitor, provider or delivery inside longer than the condominium's limit: 'Saída não registrada'. Never a resident. */
  saida_nao_registrada: z.boolean(),
});
export type Presenca = z.infer<typeof presenca>;

export const presentesResponseSchema = z.object({
  /** Newest first; residents too (tipo_pessoa 'morador'), which the screen shows apart. */
  rows: z.array(presenca),
  total: z.number().int(),
  /** The condominium's limit for 'Saída não registrada', in hours (gatehouse-spec §10). */
  horas_saida_nao_registrada: z.number().int(),
});
export type PresentesResposta = z.infer<typeof presentesResponseSchema>;
