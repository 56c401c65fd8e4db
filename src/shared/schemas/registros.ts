import { z } from "zod";
import { formatInteiro } from "../br/numero";
import { MSG, MSG_WITH } from "../messages";
import { formatDateTime, isCalendarDate } from "../time";
import { condominioFilter, instante, limitParam, refSchema, requiredText, searchText, unidadeRefSchema, uuidSchema } from "./common";
import { cursorId, cursorInstant, newestFirst } from "./cursor";

// Registros (gatehouse-spec §5): the access records of the gate, their list, CSV export and
// integrity check. docs/decisions/0214-lista-de-registros.md to 0220.

export const TIPOS_PESSOA = ["morador", "visitante", "prestador", "entregador", "nao_identificado"] as const;
export const SENTIDOS = ["entrada", "saida"] as const;
export const RESULTADOS = ["liberado", "negado"] as const;
export const METODOS = ["busca", "codigo", "qrcode", "manual", "remoto", "dispositivo"] as const;

export type TipoPessoa = (typeof TIPOS_PESSOA)[number];
export type Sentido = (typeof SENTIDOS)[number];
export type Resultado = (typeof RESULTADOS)[number];
export type Metodo = (typeof METODOS)[number];

export const TIPO_PESSOA_LABEL: Record<TipoPessoa, string> = {
  morador: "Morador",
  visitante: "Visitante",
  prestador: "Prestador",
  entregador: "Entregador",
  nao_identificado: "Não identificado",
};
export const SENTIDO_LABEL: Record<Sentido, string> = { entrada: "Entrada", saida: "Saída" };
export const RESULTADO_LABEL: Record<Resultado, string> = { liberado: "Liberado", negado: "Negado" };
export const METODO_LABEL: Record<Metodo, string> = {
  busca: "Busca",
  codigo: "Código",
  qrcode: "QR Code",
  manual: "Manual",
  remoto: "Remoto",
  dispositivo: "Dispositivo",
};

/** 'Liberado', 'Negado', or 'Liberado manualmente' (let in although refused, §3). */
export const resultadoLabel = (row: { resultado: Resultado; liberado_manualmente: boolean }) =>
  row.liberado_manualmente && row.resultado === "liberado" ? "Liberado manualmente" : RESULTADO_LABEL[row.resultado];

const filtroInvalido = { error: "Filtro inválido." };

const DATA_INVALIDA = "Data inválida. Use o formato AAAA-MM-DD.";
/** A São Paulo calendar date of a period (1900..2100); absent means the default (today). */
const periodDate = z
  .string({ error: DATA_INVALIDA })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATA_INVALIDA)
  .refine((v) => isCalendarDate(v) && v >= "1900-01-01" && v <= "2100-12-31", "Data inválida.")
  .optional();

export const PERIODO_INVERTIDO = "A data inicial do período deve ser anterior ou igual à final.";
const periodoEmOrdem = (value: { de?: string; ate?: string }, ctx: z.RefinementCtx) => {
  if (value.de && value.ate && value.de > value.ate) ctx.addIssue({ code: "custom", path: ["ate"], message: PERIODO_INVERTIDO });
};

/** The filters of the list and of its CSV export: exactly the same (§5 'exactly the current filter'). */
export const registroFiltersShape = {
  q: searchText,
  condominio_id: condominioFilter,
  de: periodDate,
  ate: periodDate,
  tipo_pessoa: z
    .enum(["todos", ...TIPOS_PESSOA], filtroInvalido)
    .optional()
    .default("todos"),
  sentido: z
    .enum(["todos", ...SENTIDOS], filtroInvalido)
    .optional()
    .default("todos"),
  resultado: z
    .enum(["todos", ...RESULTADOS], filtroInvalido)
    .optional()
    .default("todos"),
};

export const registroExportQuerySchema = z.object(registroFiltersShape).superRefine(periodoEmOrdem);

/** The records' order: newest first (the instant, to the microsecond, then the id). */
export const registroOrdem = newestFirst(["chave", cursorInstant], ["id", cursorId]);

export const registroListQuerySchema = z
  .object({
    ...registroFiltersShape,
    limit: limitParam,
    after: registroOrdem.after,
  })
  .superRefine(periodoEmOrdem);

export type RegistroFilters = z.output<typeof registroExportQuerySchema>;
export type RegistroListQuery = z.output<typeof registroListQuerySchema>;

/**
 * The period of a request as São Paulo dates: both absent, today; only `de`, from it to today
 * (or that day, when it is in the future); only `ate`, that day.
 */
export function resolvePeriodo(filters: { de?: string; ate?: string }, today: string): { de: string; ate: string } {
  const de = filters.de ?? filters.ate ?? today;
  const ate = filters.ate ?? (de > today ? de : today);
  return { de, ate };
}

// Corrections (§5 'A correction is a new record pointing at the one it corrects'): what was
// wrong and what is right, each required and bounded. docs/decisions/0004-registros-e-correcoes.md.

export const CORRECAO_MAX = 500;

export const correcaoInputSchema = z.object({
  errado: requiredText(MSG.correcaoErradoRequired.message, CORRECAO_MAX),
  certo: requiredText(MSG.correcaoCertoRequired.message, CORRECAO_MAX),
});
export type CorrecaoInput = z.input<typeof correcaoInputSchema>;

/** The correction recorded. */
export const correcaoCriadaSchema = z.object({ id: z.string(), registrado_em: instante });

/** What a correction says: null once the retention job has anonymised it. */
const correcaoTextos = { errado: z.string().nullable(), certo: z.string().nullable() };

/** A correction as its corrected record shows it. */
export const correcaoFeitaSchema = z.object({ id: z.string(), registrado_em: instante, operador_nome: z.string().nullable(), ...correcaoTextos });
export type CorrecaoFeita = z.input<typeof correcaoFeitaSchema>;

/** A correction row's own side: which record it corrects. */
export const correcaoDoRegistroSchema = z.object({
  corrige: z.object({ id: z.string(), registrado_em: instante, nome_pessoa: z.string() }),
  ...correcaoTextos,
});
export type CorrecaoDoRegistro = z.input<typeof correcaoDoRegistroSchema>;

/**
 * A correction as one line (the CSV's 'Correção' column): "Corrige o registro de 10/03/2026 08:00
 * (Ana Moradora) — Estava errado: ... — Correto: ...". The same text is written by SQL for the
 * PostgreSQL export (registros/csv.ts).
 */
export const correcaoTexto = ({ corrige, errado, certo }: CorrecaoDoRegistro) =>
  `Corrige o registro de ${formatDateTime(corrige.registrado_em)} (${corrige.nome_pessoa})` +
  (errado !== null && certo !== null ? ` — Estava errado: ${errado} — Correto: ${certo}` : "");

/** One row of the list (and of the CSV). */
export const registroListItemSchema = z.object({
  id: z.string(),
  registrado_em: instante,
  condominio: refSchema,
  unidade: unidadeRefSchema.nullable(),
  tipo_pessoa: z.enum(TIPOS_PESSOA),
  nome_pessoa: z.string(),
  documento: z.string().nullable(),
  placa: z.string().nullable(),
  sentido: z.enum(SENTIDOS),
  resultado: z.enum(RESULTADOS),
  motivo: z.string().nullable(),
  metodo: z.enum(METODOS),
  /** Let in although refused ('Liberar mesmo assim', §3). */
  liberado_manualmente: z.boolean(),
  autorizado_por: z.string().nullable(),
  operador_nome: z.string().nullable(),
  /** The record this one corrects, if it is a correction. */
  corrige_registro_id: z.string().nullable(),
  /** A correction: the record it corrects and what it says (null texts once anonymised). */
  correcao: correcaoDoRegistroSchema.nullable(),
  /** The corrections of this record, oldest first: shown next to it. */
  correcoes: z.array(correcaoFeitaSchema),
  /** Its personal data removed by the retention job. */
  anonimizado: z.boolean(),
});
export type RegistroListItem = z.input<typeof registroListItemSchema>;

/**
 * A page of the list. `total` counts the matches up to `TOTAL_MAXIMO`: beyond that,
 * `total_limitado` says there are more (counting millions of records on every page costs more
 * than the page).
 */
export const registrosPageSchema = z.object({
  rows: z.array(registroListItemSchema),
  total: z.number().int(),
  total_limitado: z.boolean(),
  next: z.string().nullable(),
  /**
   * A filter no index carries (a person type or a direction, without text) examines at most
   * JANELA_DE_BUSCA records of the period per page, newest first. When the page did not fill
   * within them, the search stopped at `ate` (the oldest record examined) and says so; `next`
   * continues from there. Null otherwise.
   */
  busca_limitada: z.object({ examinados: z.number().int(), ate: instante, mensagem: z.string() }).nullable(),
});
export type RegistrosPage = z.input<typeof registrosPageSchema>;

export const TOTAL_MAXIMO = 10_000;

/** Records of the period a page of a filter without an index examines at most (registrosPageSchema.busca_limitada). */
export const JANELA_DE_BUSCA = 20_000;

/** Where a windowed search stopped: the oldest record it examined. */
export const buscaLimitada = (ate: string) => ({
  examinados: JANELA_DE_BUSCA,
  ate: new Date(ate).toISOString(),
  mensagem: MSG_WITH.buscaLimitada(formatInteiro(JANELA_DE_BUSCA), formatDateTime(ate)).message,
});

export const verificarIntegridadeSchema = z
  .object({
    condominio_id: uuidSchema,
    de: periodDate,
    ate: periodDate,
  })
  .superRefine(periodoEmOrdem);

export const verificacaoIntegridadeSchema = z.object({
  integra: z.boolean(),
  verificados: z.number().int(),
  /** 'Registros íntegros: N verificados.' or 'Registro alterado ou removido: <data e hora>, <pessoa>.' (§9). */
  mensagem: z.string(),
  // Only when not intact: the altered record; for records missing from the end, id and nome_pessoa
  // null and registrado_em the last record left (null if none).
  registro: z.object({ id: z.string().nullable(), registrado_em: instante.nullable(), nome_pessoa: z.string().nullable() }).optional(),
});
export type VerificacaoIntegridade = z.input<typeof verificacaoIntegridadeSchema>;

export const registrosIntegrosMessage = (n: number) => `Registros íntegros: ${formatInteiro(n)} verificados.`;
export const registroAlteradoMessage = (dataHora: string, pessoa: string) => `Registro alterado ou removido: ${dataHora}, ${pessoa}.`;

/** The CSV's header row, in the order of its columns. */
export const CSV_HEADER = [
  "Data e hora",
  "Condomínio",
  "Pessoa",
  "Documento",
  "Tipo",
  "Unidade",
  "Placa",
  "Sentido",
  "Resultado",
  "Motivo",
  "Método",
  "Autorizado por",
  "Operador",
  "Correção",
] as const;
