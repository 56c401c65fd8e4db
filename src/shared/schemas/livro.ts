import { z } from "zod";
import { formatDateTime } from "../time";
import {
  condominioFilter,
  emptyToNull,
  instante,
  listPaging,
  optionalDate,
  optionalText,
  paginaSchema,
  refSchema,
  requiredText,
  searchText,
  unidadeRefSchema,
} from "./common";
import { afterOrOffset, cursorId, cursorInstant, newestFirst } from "./cursor";

// Livro da portaria (gate-operation-spec §5; decision 0280). An operator holds one shift at a post
// (a condominium, or 'Central'); the entries of the book are written inside it and never change.
// An entry opens an item; a complement or the resolution is a new entry pointing at it. Items stay
// open, and are shown at every handover of their condominium's post and the central's, until
// resolved.

export const TIPOS_OCORRENCIA = ["ocorrencia", "recado", "manutencao", "seguranca"] as const;
export type TipoOcorrencia = (typeof TIPOS_OCORRENCIA)[number];
export const TIPO_OCORRENCIA_LABEL: Record<TipoOcorrencia, string> = {
  ocorrencia: "Ocorrência",
  recado: "Recado",
  manutencao: "Manutenção",
  seguranca: "Segurança",
};

export const PRIORIDADES_OCORRENCIA = ["baixa", "normal", "alta"] as const;
export type PrioridadeOcorrencia = (typeof PRIORIDADES_OCORRENCIA)[number];
export const PRIORIDADE_OCORRENCIA_LABEL: Record<PrioridadeOcorrencia, string> = {
  baixa: "Baixa",
  normal: "Normal",
  alta: "Alta",
};

/** What an entry may point at, of the same condominium. */
export const REFERENCIAS_OCORRENCIA = ["registro", "alarme", "encomenda"] as const;
export type ReferenciaOcorrencia = (typeof REFERENCIAS_OCORRENCIA)[number];
export const REFERENCIA_OCORRENCIA_LABEL: Record<ReferenciaOcorrencia, string> = {
  registro: "Registro de acesso",
  alarme: "Alarme",
  encomenda: "Encomenda",
};

/** An entry opens an item, complements it, or resolves it. */
export const NATUREZAS_OCORRENCIA = ["abertura", "complemento", "resolucao"] as const;
export type NaturezaOcorrencia = (typeof NATUREZAS_OCORRENCIA)[number];
export const NATUREZA_OCORRENCIA_LABEL: Record<NaturezaOcorrencia, string> = {
  abertura: "Registro",
  complemento: "Complemento",
  resolucao: "Resolução",
};

export const SITUACOES_OCORRENCIA = ["aberta", "resolvida"] as const;
export type SituacaoOcorrencia = (typeof SITUACOES_OCORRENCIA)[number];
export const SITUACAO_OCORRENCIA_LABEL: Record<SituacaoOcorrencia, string> = {
  aberta: "Em aberto",
  resolvida: "Resolvida",
};

/** The post's name for the company's central (a shift with no condominium). */
export const POSTO_CENTRAL = "Central";

/** The screens' and the server's texts (§5), word for word where the spec names them. */
export const LIVRO_TEXTOS = {
  turnoIniciado: "Turno iniciado",
  turnoEncerrado: "Turno encerrado",
  ocorrenciaRegistrada: "Ocorrência registrada",
  complementoRegistrado: "Complemento registrado",
  ocorrenciaResolvida: "Ocorrência resolvida",
  liEAssumo: "Li e assumo o turno",
  /** §5: 'Há N itens em aberto do turno anterior.' (one item reads in the singular, none says so). */
  itensEmAberto: (n: number) =>
    n === 0 ? "Nenhum item em aberto do turno anterior." : n === 1 ? "Há 1 item em aberto do turno anterior." : `Há ${n} itens em aberto do turno anterior.`,
  /** §5: 'Resolvida por <nome> em dd/MM/yyyy HH:mm' (São Paulo's time). */
  resolvidaPor: (nome: string, quando: Date | string) => `Resolvida por ${nome} em ${formatDateTime(quando)}`,
  semPassagemAnterior: "Nenhuma passagem de turno anterior neste posto.",
  semTurno: "Abra um turno antes de registrar no livro.",
  turnoJaAberto: (posto: string) => `Você já tem um turno aberto em ${posto}. Encerre-o antes de abrir outro.`,
  passagemMudou: "A passagem de turno deste posto mudou desde que você a abriu. Leia de novo antes de assumir.",
  confirmeLeitura: "Confirme que leu a passagem de turno.",
  passagemObrigatoria: "Escreva a passagem de turno.",
  postoObrigatorio: "Escolha o posto.",
  postoSemAcesso: "A Central só pode ser aberta por quem atende todos os condomínios.",
  turnoNaoEncontrado: "Turno não encontrado.",
  turnoDeOutro: "Só quem abriu o turno pode encerrá-lo.",
  turnoJaEncerrado: "Este turno já foi encerrado.",
  postoDoTurno: "Este turno é de outro posto.",
  tituloObrigatorio: "Informe o título.",
  tipoObrigatorio: "Escolha o tipo.",
  prioridadeObrigatoria: "Escolha a prioridade.",
  condominioObrigatorio: "Escolha o condomínio.",
  complementoObrigatorio: "Escreva o complemento.",
  referenciaIncompleta: "Escolha o que vincular.",
  referenciaInvalida: "O item vinculado não foi encontrado neste condomínio.",
  unidadeDeOutroCondominio: "Escolha uma unidade deste condomínio.",
  naoEncontrada: "Ocorrência não encontrada.",
  jaResolvida: "Esta ocorrência já foi resolvida.",
  nenhuma: "Nenhuma ocorrência",
  erroRegistrar: "Erro ao registrar ocorrência",
  /** The daily summary e-mail's subject (§5; decision 0280). */
  resumoAssunto: (data: string) => `Resumo diário da portaria — ${data}`,
  // The screen's failure titles (§8 'Erro ao ...') and its words for a shift.
  erroBuscar: "Erro ao buscar ocorrências",
  erroCarregar: "Erro ao carregar a ocorrência",
  erroPassagem: "Erro ao carregar a passagem de turno",
  erroIniciarTurno: "Erro ao iniciar turno",
  erroEncerrarTurno: "Erro ao encerrar turno",
  erroComplementar: "Erro ao registrar complemento",
  erroResolver: "Erro ao resolver ocorrência",
  nenhumTurno: "Nenhum turno aberto",
  turnoEm: (posto: string, desde: string) => `Turno em ${posto} desde ${desde}`,
  /** An entry's link whose row can no longer be read. */
  vinculoIndisponivel: "Item vinculado indisponível",
} as const;

// ——— Shifts ———

export const turnoSchema = z.object({
  id: z.string(),
  /** The post: a condominium, or null for 'Central'. */
  condominio: refSchema.nullable(),
  operador_nome: z.string(),
  iniciado_em: instante,
  encerrado_em: instante.nullable(),
  passagem: z.string().nullable(),
  assumido_por_nome: z.string().nullable(),
  assumido_em: instante.nullable(),
});
export type Turno = z.input<typeof turnoSchema>;

/** The signed-in operator's open shift, if any. */
export const turnoAtualSchema = z.object({ turno: turnoSchema.nullable() });
export type TurnoAtual = z.input<typeof turnoAtualSchema>;

/** A post in a query: a condominium's id, or 'central'. */
export const postoParam = z.union([z.literal("central"), z.uuid(LIVRO_TEXTOS.postoObrigatorio)], { error: LIVRO_TEXTOS.postoObrigatorio });

export const passagemQuerySchema = z.object({ posto: postoParam });
export type PassagemQuery = z.input<typeof passagemQuerySchema>;

/** To open a shift: the post, and the handover read and confirmed ('Li e assumo o turno'). */
export const abrirTurnoSchema = z.object({
  /** The condominium, or null for 'Central'. */
  condominio_id: z.preprocess(emptyToNull, z.uuid(LIVRO_TEXTOS.postoObrigatorio).nullable()),
  /** The post's last closed shift as the handover showed it (null when it showed none). */
  turno_anterior_id: z.preprocess(emptyToNull, z.uuid("Turno inválido.").nullable()).optional().default(null),
  li_e_assumo: z.literal(true, { error: LIVRO_TEXTOS.confirmeLeitura }),
});
export type AbrirTurnoInput = z.input<typeof abrirTurnoSchema>;

export const encerrarTurnoSchema = z.object({
  passagem: requiredText(LIVRO_TEXTOS.passagemObrigatoria, 4000),
});
export type EncerrarTurnoInput = z.input<typeof encerrarTurnoSchema>;

// ——— Entries ———

/** A follow-up of an item (complement or resolution), as the thread shows it. */
export const seguimentoSchema = z.object({
  id: z.string(),
  natureza: z.enum(["complemento", "resolucao"]),
  descricao: z.string().nullable(),
  criada_por_nome: z.string(),
  created_at: instante,
});
export type Seguimento = z.input<typeof seguimentoSchema>;

export const ocorrenciaSchema = z.object({
  id: z.string(),
  condominio: refSchema,
  unidade: unidadeRefSchema.nullable(),
  tipo: z.enum(TIPOS_OCORRENCIA),
  prioridade: z.enum(PRIORIDADES_OCORRENCIA),
  titulo: z.string(),
  descricao: z.string().nullable(),
  /** What it points at, with a short description of it ('Entrada de Maria Souza às 14:02'). */
  referencia: z.object({ tipo: z.enum(REFERENCIAS_OCORRENCIA), id: z.string(), descricao: z.string() }).nullable(),
  visivel_sindico: z.boolean(),
  criada_por_nome: z.string(),
  created_at: instante,
  situacao: z.enum(SITUACOES_OCORRENCIA),
  /** The resolution, once written. */
  resolucao: seguimentoSchema.nullable(),
  complementos: z.number().int(),
});
export type Ocorrencia = z.input<typeof ocorrenciaSchema>;

export const ocorrenciaDetalheSchema = ocorrenciaSchema.extend({
  /** Complements and the resolution, oldest first. */
  seguimentos: z.array(seguimentoSchema),
});
export type OcorrenciaDetalhe = z.input<typeof ocorrenciaDetalheSchema>;

export const ocorrenciaInputSchema = z
  .object({
    condominio_id: z.uuid(LIVRO_TEXTOS.condominioObrigatorio),
    tipo: z.enum(TIPOS_OCORRENCIA, { error: LIVRO_TEXTOS.tipoObrigatorio }),
    prioridade: z.enum(PRIORIDADES_OCORRENCIA, { error: LIVRO_TEXTOS.prioridadeObrigatoria }).optional().default("normal"),
    titulo: requiredText(LIVRO_TEXTOS.tituloObrigatorio, 200),
    descricao: optionalText(4000).optional().default(null),
    unidade_id: z.preprocess(emptyToNull, z.uuid("Unidade inválida.").nullable()).optional().default(null),
    referencia_tipo: z
      .preprocess(emptyToNull, z.enum(REFERENCIAS_OCORRENCIA, { error: LIVRO_TEXTOS.referenciaIncompleta }).nullable())
      .optional()
      .default(null),
    referencia_id: z.preprocess(emptyToNull, z.uuid(LIVRO_TEXTOS.referenciaIncompleta).nullable()).optional().default(null),
    visivel_sindico: z.boolean({ error: "Valor inválido." }).optional().default(false),
  })
  .refine((o) => (o.referencia_tipo === null) === (o.referencia_id === null), { path: ["referencia_id"], message: LIVRO_TEXTOS.referenciaIncompleta });
export type OcorrenciaInput = z.input<typeof ocorrenciaInputSchema>;
export type OcorrenciaData = z.output<typeof ocorrenciaInputSchema>;

export const complementoInputSchema = z.object({
  descricao: requiredText(LIVRO_TEXTOS.complementoObrigatorio, 4000),
});
export type ComplementoInput = z.input<typeof complementoInputSchema>;

export const resolucaoInputSchema = z.object({
  /** What was done; optional (a message delivered needs no more). */
  descricao: optionalText(4000).optional().default(null),
});
export type ResolucaoInput = z.input<typeof resolucaoInputSchema>;

/** The list's order: open items first, then the newest. `aberta` is 1 for an open item, 0 else. */
export const ocorrenciaOrdem = newestFirst(["aberta", z.number().int().min(0).max(1)], ["created_key", cursorInstant], ["id", cursorId]);

export const ocorrenciaListQuerySchema = z
  .object({
    /** The title or the description, by part. */
    q: searchText,
    condominio_id: condominioFilter,
    tipo: z
      .enum(["todos", ...TIPOS_OCORRENCIA], { error: "Tipo inválido." })
      .optional()
      .default("todos"),
    prioridade: z
      .enum(["todas", ...PRIORIDADES_OCORRENCIA], { error: "Prioridade inválida." })
      .optional()
      .default("todas"),
    situacao: z
      .enum(["todas", ...SITUACOES_OCORRENCIA], { error: "Situação inválida." })
      .optional()
      .default("todas"),
    /** Written in this period (São Paulo's calendar days). */
    de: optionalDate.optional().default(null),
    ate: optionalDate.optional().default(null),
    ...listPaging,
    after: ocorrenciaOrdem.after,
  })
  .superRefine(afterOrOffset)
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { path: ["ate"], message: "A data final deve ser igual ou posterior à inicial." });
export type OcorrenciaListQuery = z.input<typeof ocorrenciaListQuerySchema>;

export const ocorrenciaPageSchema = paginaSchema(ocorrenciaSchema);

/** What the next operator of a post reads before 'Li e assumo o turno'. */
export const passagemSchema = z.object({
  condominio: refSchema.nullable(),
  /** The post's last closed shift, with its handover notes; null when the post never had one. */
  ultimo_turno: turnoSchema.nullable(),
  /** Shifts still open at the post, of other operators. */
  turnos_abertos: z.array(turnoSchema),
  /** The open items (the central's: every condominium the operator serves), 'alta' first, then the oldest; at most 100. */
  itens_em_aberto: z.array(ocorrenciaSchema),
  total_em_aberto: z.number().int(),
});
export type Passagem = z.input<typeof passagemSchema>;

/** Candidates for an entry's link: recent access records, alarms or parcels of one condominium. */
export const referenciasQuerySchema = z.object({
  condominio_id: z.uuid(LIVRO_TEXTOS.condominioObrigatorio),
  tipo: z.enum(REFERENCIAS_OCORRENCIA, { error: LIVRO_TEXTOS.referenciaIncompleta }),
  q: searchText,
});
export type ReferenciasQuery = z.input<typeof referenciasQuerySchema>;

export const referenciasSchema = z.object({
  rows: z.array(z.object({ id: z.string(), descricao: z.string(), quando: instante })),
  /** How many match in the window (the rows are the newest 20 of them). */
  total: z.number().int(),
});
export type Referencias = z.input<typeof referenciasSchema>;

/** The síndico's daily summary by e-mail: whether the signed-in user asked for it. */
export const resumoDiarioSchema = z.object({ ativo: z.boolean({ error: "Valor inválido." }) });
export type ResumoDiario = z.input<typeof resumoDiarioSchema>;

/** 'Exportar CSV': the list's filters without its paging (the screen exports a period, whole). */
const { limit: _limit, offset: _offset, after: _after, ...ocorrenciaFiltros } = ocorrenciaListQuerySchema.shape;
export const ocorrenciaExportQuerySchema = z
  .object(ocorrenciaFiltros)
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { path: ["ate"], message: "A data final deve ser igual ou posterior à inicial." });
export type OcorrenciaExportQuery = z.input<typeof ocorrenciaExportQuerySchema>;

/** Minha conta's switch for the síndico's daily summary by e-mail (§5; decision 0280). */
export const RESUMO_DIARIO_TEXTOS = {
  titulo: "Resumo diário da portaria",
  rotulo: "Receber o resumo diário da portaria por e-mail",
  dica: "Todo dia às 07:00, o que a portaria registrou no livro no dia anterior e deixou visível ao síndico, os itens em aberto, as encomendas aguardando retirada e os acessos negados dos seus condomínios.",
  ativado: "Resumo diário ativado",
  desativado: "Resumo diário desativado",
  erroSalvar: "Erro ao salvar o resumo diário",
  erroBuscar: "Erro ao buscar o resumo diário",
} as const;

/** The columns of the book's CSV export, in order. */
export const OCORRENCIAS_CSV_HEADER = [
  "Data/hora",
  "Condomínio",
  "Unidade",
  "Tipo",
  "Prioridade",
  "Título",
  "Descrição",
  "Vínculo",
  "Visível ao síndico",
  "Registrada por",
  "Situação",
  "Resolução",
  "Texto da resolução",
  "Complementos",
] as const;
