import { z } from "zod";
import { formatInteiro } from "../br/numero";
import { nomeComparavel } from "../br/documento";
import { dateInSaoPaulo, today } from "../time";
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
import { optionalDocumento } from "./bloqueios";
import { afterOrOffset, cursorId, cursorInstant, newestFirst } from "./cursor";

// Encomendas (gate-operation-spec §4): a parcel is received for a unit, its pickup code goes to the
// unit's residents (§3.4), and it waits until it is handed out with that code (or a document the
// operator checks) or sent back. Every step is a custody event chained per condominium.

export const TRANSPORTADORAS = ["correios", "mercado_livre", "amazon", "shopee", "outra"] as const;
export type Transportadora = (typeof TRANSPORTADORAS)[number];
export const TRANSPORTADORA_LABEL: Record<Transportadora, string> = {
  correios: "Correios",
  mercado_livre: "Mercado Livre",
  amazon: "Amazon",
  shopee: "Shopee",
  outra: "Outra",
};

export const TIPOS_ENCOMENDA = ["envelope", "pacote", "caixa", "refrigerado", "outro"] as const;
export type TipoEncomenda = (typeof TIPOS_ENCOMENDA)[number];
export const TIPO_ENCOMENDA_LABEL: Record<TipoEncomenda, string> = {
  envelope: "Envelope",
  pacote: "Pacote",
  caixa: "Caixa",
  refrigerado: "Refrigerado",
  outro: "Outro",
};

export const STATUS_ENCOMENDA = ["aguardando", "retirada", "devolvida"] as const;
export type StatusEncomenda = (typeof STATUS_ENCOMENDA)[number];
export const STATUS_ENCOMENDA_LABEL: Record<StatusEncomenda, string> = {
  aguardando: "Aguardando",
  retirada: "Retirada",
  devolvida: "Devolvida",
};

/** How the person who took a parcel was recognised. */
export const FORMAS_RETIRADA = ["codigo", "qrcode", "documento"] as const;
export type FormaRetirada = (typeof FORMAS_RETIRADA)[number];
export const FORMA_RETIRADA_LABEL: Record<FormaRetirada, string> = {
  codigo: "Código de retirada",
  qrcode: "QR code do morador",
  documento: "Documento conferido",
};

export const TIPOS_EVENTO_ENCOMENDA = ["recebida", "notificada", "retirada", "devolvida"] as const;
export type TipoEventoEncomenda = (typeof TIPOS_EVENTO_ENCOMENDA)[number];
export const TIPO_EVENTO_ENCOMENDA_LABEL: Record<TipoEventoEncomenda, string> = {
  recebida: "Recebida",
  notificada: "Notificada",
  retirada: "Retirada",
  devolvida: "Devolvida",
};

/** The screens' and the server's texts (§4), word for word where the spec names them. */
export const ENCOMENDAS_TEXTOS = {
  registrada: "Encomenda registrada",
  entregue: "Encomenda entregue",
  devolvida: "Encomenda devolvida",
  codigoInvalido: "Código de retirada inválido.",
  nenhuma: "Nenhuma encomenda aguardando",
  /** 5 wrong codes in 10 minutes lock the unit's codes for 10 minutes; a document still works. */
  codigosBloqueados: "Códigos de retirada desta unidade bloqueados por 10 minutos após 5 tentativas erradas. Entregue conferindo um documento.",
  erroRegistrar: "Erro ao registrar encomenda",
  erroEntregar: "Erro ao entregar encomenda",
  erroDevolver: "Erro ao devolver encomenda",
  naoEncontrada: "Encomenda não encontrada.",
  /** The resident's Encomendas and Início could not read the unit's parcels. */
  carregarDoMorador: "Erro ao carregar as encomendas",
  encerrada: "Esta encomenda já foi entregue ou devolvida.",
  outraUnidade: "Escolha só encomendas aguardando nesta unidade.",
  unidadeObrigatoria: "Escolha a unidade.",
  destinatarioObrigatorio: "Informe o destinatário.",
  moradorDeOutraUnidade: "O destinatário escolhido não mora nesta unidade.",
  transportadoraObrigatoria: "Escolha a transportadora.",
  tipoObrigatorio: "Escolha o tipo da encomenda.",
  retiradaPorObrigatorio: "Informe o nome de quem retira.",
  documentoObrigatorio: "Informe o documento de quem retira.",
  /** Someone else than the parcels' addressees takes them: the operator records their document. */
  documentoDoTerceiro: "Outra pessoa retira: informe o documento de quem retira.",
  codigoObrigatorio: "Informe o código de retirada.",
  escolhaEncomendas: "Escolha ao menos uma encomenda.",
  motivoObrigatorio: "Informe o motivo da devolução.",
  /** The titles of the pickup's refusals. */
  tituloCodigoInvalido: "Código inválido",
  tituloCodigosBloqueados: "Códigos bloqueados",
  unidadeDeOutroCondominio: "Escolha uma unidade ativa deste condomínio.",
  codigoDeOutraEncomenda: "Este código é de outra encomenda da unidade: escolha-a também ou confira o código.",
  /** The custody events' descriptions (kept in the chain as written). */
  eventoRecebida: (operador: string, destinatario: string, transportadora: string) => `Recebida por ${operador} para ${destinatario} (${transportadora}).`,
  eventoNotificada: (n: number) => `Aviso enviado a ${n} morador(es) da unidade.`,
  eventoRetirada: (nome: string, documento: string | null, operador: string, forma: string) =>
    `Entregue a ${nome}${documento ? ` (${documento})` : ""} por ${operador}; ${forma}.`,
  eventoDevolvida: (operador: string, motivo: string) => `Devolvida ao remetente por ${operador}: ${motivo}`,
  /** 'Verificar integridade' (§4 Custody): the parcels' chain beside the access records'. */
  eventosIntegros: (n: number) => `Eventos de custódia das encomendas íntegros: ${formatInteiro(n)} verificados.`,
  eventoAlterado: (dataHora: string, tipo: string, encomenda: string) =>
    `Evento de custódia de encomenda alterado ou removido: ${dataHora}, ${tipo} da encomenda ${encomenda}.`,
  eventosAusentes: (primeiro: number, ultimo: number) =>
    primeiro === ultimo
      ? `Evento de custódia de encomenda alterado ou removido: evento nº ${ultimo} ausente.`
      : `Evento de custódia de encomenda alterado ou removido: eventos nº ${primeiro} a ${ultimo} ausentes.`,
  /** 'Aguardando há N dias' (§4); the day it came reads as today. */
  aguardandoHa: (dias: number) => (dias <= 0 ? "Aguardando desde hoje" : dias === 1 ? "Aguardando há 1 dia" : `Aguardando há ${dias} dias`),
} as const;

/** Six digits, as typed or read from the resident's QR. */
const codigoRetirada = z
  .string({ error: ENCOMENDAS_TEXTOS.codigoObrigatorio })
  .trim()
  .regex(/^\d{6}$/, ENCOMENDAS_TEXTOS.codigoInvalido);

export const encomendaInputSchema = z.object({
  condominio_id: z.uuid(ENCOMENDAS_TEXTOS.unidadeObrigatoria),
  unidade_id: z.uuid(ENCOMENDAS_TEXTOS.unidadeObrigatoria),
  /** One of the unit's residents, or null: `destinatario_nome` as typed. */
  morador_id: z.preprocess(emptyToNull, z.uuid(ENCOMENDAS_TEXTOS.destinatarioObrigatorio).nullable()).optional().default(null),
  destinatario_nome: requiredText(ENCOMENDAS_TEXTOS.destinatarioObrigatorio, 200),
  transportadora: z.enum(TRANSPORTADORAS, { error: ENCOMENDAS_TEXTOS.transportadoraObrigatoria }),
  codigo_rastreio: optionalText(60).optional().default(null),
  tipo: z.enum(TIPOS_ENCOMENDA, { error: ENCOMENDAS_TEXTOS.tipoObrigatorio }).optional().default("pacote"),
  local_armazenamento: optionalText(100).optional().default(null),
  observacoes: optionalText(500).optional().default(null),
});
export type EncomendaInput = z.input<typeof encomendaInputSchema>;
export type EncomendaData = z.output<typeof encomendaInputSchema>;

export const encomendaSchema = z.object({
  id: z.string(),
  condominio: refSchema,
  unidade: unidadeRefSchema,
  morador_id: z.string().nullable(),
  destinatario_nome: z.string(),
  transportadora: z.enum(TRANSPORTADORAS),
  codigo_rastreio: z.string().nullable(),
  tipo: z.enum(TIPOS_ENCOMENDA),
  local_armazenamento: z.string().nullable(),
  observacoes: z.string().nullable(),
  status: z.enum(STATUS_ENCOMENDA),
  recebida_em: instante,
  recebida_por_nome: z.string(),
  retirada_em: instante.nullable(),
  retirada_por_nome: z.string().nullable(),
  retirada_por_documento: z.string().nullable(),
  retirada_forma: z.enum(FORMAS_RETIRADA).nullable(),
  entregue_por_nome: z.string().nullable(),
  devolvida_em: instante.nullable(),
  devolvida_por_nome: z.string().nullable(),
  motivo_devolucao: z.string().nullable(),
});
export type Encomenda = z.input<typeof encomendaSchema>;

export const encomendaEventoSchema = z.object({
  seq: z.number().int(),
  tipo: z.enum(TIPOS_EVENTO_ENCOMENDA),
  descricao: z.string(),
  operador_nome: z.string().nullable(),
  registrado_em: instante,
});
export type EncomendaEvento = z.input<typeof encomendaEventoSchema>;

export const encomendaDetalheSchema = encomendaSchema.extend({ eventos: z.array(encomendaEventoSchema) });
export type EncomendaDetalhe = z.input<typeof encomendaDetalheSchema>;

/** The list's order: the newest parcel first. */
export const encomendaOrdem = newestFirst(["recebida_key", cursorInstant], ["id", cursorId]);

export const SITUACOES_ENCOMENDA_FILTRO = ["aguardando", "retirada", "devolvida", "todas"] as const;

export const encomendaListQuerySchema = z
  .object({
    /** The addressee, the tracking code or the storage place, by part. */
    q: searchText,
    condominio_id: condominioFilter,
    unidade_id: z.preprocess(emptyToNull, z.uuid("Unidade inválida.").nullable()).optional().default(null),
    situacao: z.enum(SITUACOES_ENCOMENDA_FILTRO, { error: "Situação inválida." }).optional().default("aguardando"),
    transportadora: z
      .enum(["todas", ...TRANSPORTADORAS], { error: "Transportadora inválida." })
      .optional()
      .default("todas"),
    /** Received in this period (São Paulo's calendar days). */
    de: optionalDate.optional().default(null),
    ate: optionalDate.optional().default(null),
    ...listPaging,
    after: encomendaOrdem.after,
  })
  .superRefine(afterOrOffset)
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { path: ["ate"], message: "A data final deve ser igual ou posterior à inicial." });
export type EncomendaListQuery = z.input<typeof encomendaListQuerySchema>;

export const encomendaPageSchema = paginaSchema(encomendaSchema);

/** The pickup, step 1: the code typed (or read from the QR) for a unit → its waiting parcels. */
export const conferirCodigoSchema = z.object({
  unidade_id: z.uuid(ENCOMENDAS_TEXTOS.unidadeObrigatoria),
  codigo: codigoRetirada,
});
export type ConferirCodigoInput = z.input<typeof conferirCodigoSchema>;

export const retiradaConferidaSchema = z.object({
  /** The parcel whose code it was. */
  encomenda_id: z.string(),
  /** Every parcel of the unit still waiting, the code's first. */
  encomendas: z.array(encomendaSchema),
});
export type RetiradaConferida = z.input<typeof retiradaConferidaSchema>;

/** The pickup, step 2: 'Entregar' the chosen parcels to whom, recognised how. */
export const entregarEncomendasSchema = z
  .object({
    unidade_id: z.uuid(ENCOMENDAS_TEXTOS.unidadeObrigatoria),
    encomenda_ids: z.array(z.uuid(ENCOMENDAS_TEXTOS.escolhaEncomendas)).min(1, ENCOMENDAS_TEXTOS.escolhaEncomendas).max(50, "Use no máximo 50 encomendas."),
    forma: z.enum(FORMAS_RETIRADA, { error: "Forma de retirada inválida." }),
    /** Required with 'codigo' and 'qrcode': one of the chosen parcels' codes, spent by this pickup. */
    codigo: z.preprocess(emptyToNull, codigoRetirada.nullable()).optional().default(null),
    retirada_por_nome: requiredText(ENCOMENDAS_TEXTOS.retiradaPorObrigatorio, 200),
    retirada_por_documento: optionalDocumento.optional().default(null),
  })
  .superRefine((e, ctx) => {
    if (e.forma !== "documento" && !e.codigo) ctx.addIssue({ code: "custom", path: ["codigo"], message: ENCOMENDAS_TEXTOS.codigoObrigatorio });
    if (e.forma === "documento" && !e.retirada_por_documento)
      ctx.addIssue({ code: "custom", path: ["retirada_por_documento"], message: ENCOMENDAS_TEXTOS.documentoObrigatorio });
  });
export type EntregarEncomendasInput = z.input<typeof entregarEncomendasSchema>;

export const encomendasEntreguesSchema = z.object({ rows: z.array(encomendaSchema) });

export const devolverEncomendaSchema = z.object({
  motivo: requiredText(ENCOMENDAS_TEXTOS.motivoObrigatorio, 500),
});
export type DevolverEncomendaInput = z.input<typeof devolverEncomendaSchema>;

/** The painel's card: parcels waiting per condominium of the user's scope. */
export const encomendasAguardandoSchema = z.object({
  total: z.number().int(),
  rows: z.array(z.object({ condominio: refSchema, aguardando: z.number().int(), mais_antiga_em: instante })),
});
export type EncomendasAguardando = z.input<typeof encomendasAguardandoSchema>;

/** A parcel as its unit's resident sees it (§3.2 Encomendas): the code and its QR while it waits. */
export const moradorEncomendaSchema = z.object({
  id: z.string(),
  destinatario_nome: z.string(),
  transportadora: z.enum(TRANSPORTADORAS),
  tipo: z.enum(TIPOS_ENCOMENDA),
  codigo_rastreio: z.string().nullable(),
  status: z.enum(STATUS_ENCOMENDA),
  recebida_em: instante,
  retirada_em: instante.nullable(),
  retirada_por_nome: z.string().nullable(),
  devolvida_em: instante.nullable(),
  /** The pickup code while it waits (null once it ended), and what its QR carries. */
  codigo: z.string().nullable(),
  qr: z.string().nullable(),
});
export type MoradorEncomenda = z.input<typeof moradorEncomendaSchema>;

export const moradorEncomendasSchema = z.object({
  aguardando: z.array(moradorEncomendaSchema),
  /** Picked up or sent back in the last 90 days, newest first. */
  encerradas: z.array(moradorEncomendaSchema),
});
export type MoradorEncomendas = z.input<typeof moradorEncomendasSchema>;

// What the resident's QR carries: the unit and the code, read by the console's camera.
const QR_PREFIXO = "ENCOMENDA";

export const qrDaRetirada = (unidadeId: string, codigo: string) => `${QR_PREFIXO}:${unidadeId}:${codigo}`;

export function lerQrDaRetirada(texto: string): { unidade_id: string; codigo: string } | null {
  const m = /^ENCOMENDA:([0-9a-f-]{36}):(\d{6})$/i.exec(texto.trim());
  return m ? { unidade_id: m[1]!.toLowerCase(), codigo: m[2]! } : null;
}

/**
 * Whether `nome` (who takes the parcels) is none of their addressees, compared without accents,
 * case or repeated spaces: then it is a third party, who must show a document (§4).
 */
export function retiradaPorTerceiro(nome: string, destinatarios: readonly string[]): boolean {
  const typed = nomeComparavel(nome);
  return typed !== "" && !destinatarios.some((d) => nomeComparavel(d) === typed);
}

/** The short id printed on the shelf label and read aloud: the first 8 characters of the id, upper case. */
export const idCurto = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

/** Whole São Paulo calendar days since the parcel came (0 on its first day). */
export function diasAguardando(recebidaEm: string | Date, hoje: string = today()): number {
  const desde = dateInSaoPaulo(recebidaEm);
  return Math.max(0, Math.round((Date.parse(`${hoje}T12:00:00Z`) - Date.parse(`${desde}T12:00:00Z`)) / 86_400_000));
}
