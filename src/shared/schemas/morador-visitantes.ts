import { z } from "zod";
import { limitParam, uuidSchema } from "./common";
import { cursorId, cursorInstant, newestFirst } from "./cursor";
import { autorizacaoCampos, autorizacaoSchema, regrasDaAutorizacao, TIPO_AUTORIZACAO_LABEL, descreverValidade, type TipoAutorizacao } from "./visitantes";

// The Área do Morador's Visitantes and Histórico (gate-operation-spec §3.2): the resident's passes
// of one of their units, made and authorised by them with the rules of part 2 §4, and the unit's
// access records of the last 90 days. docs/decisions/0276-visitantes-e-historico-do-morador.md.

/** The unit in the path: one of the resident's, or 404 as unknown as one that does not exist. */
export const unidadeDoMoradorParams = z.object({ unidadeId: uuidSchema });
export const passeParams = z.object({ unidadeId: uuidSchema, id: uuidSchema });

/**
 * A new pass: what the staff form asks of the visitor and the validity, with the same rules; the
 * condominium, the unit and who authorises come from the session and the path.
 */
export const passeInputSchema = autorizacaoCampos.superRefine(regrasDaAutorizacao);
export type PasseInput = z.input<typeof passeInputSchema>;

/**
 * A pass as its resident sees it: the authorisation (without who on the staff made it), its
 * signed QR payload and the QR image as SVG markup while it is in force (null after).
 */
export const passeSchema = autorizacaoSchema.omit({ criado_por: true }).extend({
  qr_payload: z.string().nullable(),
  qr_svg: z.string().nullable().describe("O QR Code em SVG (o cliente desenha os `<path>`); null quando a autorização já não vale."),
});
export type Passe = z.infer<typeof passeSchema>;

/** The most passes the list answers (those in force first): older ended ones fall off. */
export const PASSES_NA_LISTA = 100;
export const passesSchema = z.object({
  /** The condominium of the unit: its name and address (for the WhatsApp message), if known. */
  condominio: z.object({ nome: z.string(), endereco: z.string().nullable() }),
  rows: z.array(passeSchema),
});

export const passeEnviadoSchema = z.object({ enviado_para: z.string(), mensagem: z.string() });

// ——— Histórico ———

/** How far back the resident sees their unit's records (§3.1: the last 90 days). */
export const HISTORICO_DIAS = 90;

export const historicoOrdem = newestFirst(["chave", cursorInstant], ["id", cursorId]);
export const historicoQuerySchema = z.object({ limit: limitParam, after: historicoOrdem.after });

export const TIPOS_PESSOA_HISTORICO = ["morador", "visitante", "prestador", "entregador", "nao_identificado"] as const;
export const TIPO_PESSOA_HISTORICO_ROTULO: Record<(typeof TIPOS_PESSOA_HISTORICO)[number], string> = {
  morador: "Morador",
  visitante: "Visitante",
  prestador: "Prestador",
  entregador: "Entregador",
  nao_identificado: "Não identificado",
};
export const METODOS_HISTORICO = ["busca", "codigo", "qrcode", "manual", "remoto", "dispositivo"] as const;
export const METODO_HISTORICO_ROTULO: Record<(typeof METODOS_HISTORICO)[number], string> = {
  busca: "Pela portaria",
  codigo: "Código de acesso",
  qrcode: "QR Code",
  manual: "Registro manual",
  remoto: "Aberto pela portaria",
  dispositivo: "Dispositivo de acesso",
};

/** One record as the resident sees it: who, what, how and when; not the operators' notes or reasons. */
export const historicoItemSchema = z.object({
  id: z.string(),
  registrado_em: z.string(),
  nome_pessoa: z.string(),
  tipo_pessoa: z.enum(TIPOS_PESSOA_HISTORICO),
  sentido: z.enum(["entrada", "saida"]),
  resultado: z.enum(["liberado", "negado"]),
  metodo: z.enum(METODOS_HISTORICO),
});
export type HistoricoItem = z.infer<typeof historicoItemSchema>;
export const historicoPageSchema = z.object({ rows: z.array(historicoItemSchema), total: z.number().int(), next: z.string().nullable() });

/** Who is inside now for the unit (visitors, providers, delivery people; never its residents): name, kind, since. */
export const presenteDaUnidadeSchema = z.object({
  id: z.string(),
  nome_pessoa: z.string(),
  tipo_pessoa: z.enum(TIPOS_PESSOA_HISTORICO),
  entrou_em: z.string(),
});
export type PresenteDaUnidade = z.infer<typeof presenteDaUnidadeSchema>;
export const presentesDaUnidadeSchema = z.object({ rows: z.array(presenteDaUnidadeSchema) });

// ——— Texts ———

/** The WhatsApp message of a pass (shared through a wa.me link): name, code, validity and address. */
export function mensagemDoPasse(
  p: {
    nome_visitante: string;
    codigo: string;
    tipo: TipoAutorizacao;
    valido_de: string;
    valido_ate: string;
    dias_semana: readonly number[] | null;
    hora_inicio: string | null;
    hora_fim: string | null;
  },
  condominio: { nome: string; endereco: string | null },
): string {
  return [
    `Olá, ${p.nome_visitante}! Sua entrada no ${condominio.nome} está autorizada (${TIPO_AUTORIZACAO_LABEL[p.tipo]}: ${descreverValidade(p)}).`,
    `Informe na portaria o código ${p.codigo}.`,
    condominio.endereco ? `Endereço: ${condominio.endereco}.` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

export const MORADOR_VISITANTES_TEXTOS = {
  carregar: "Erro ao carregar os visitantes",
  criar: "Erro ao criar a autorização",
  cancelar: "Erro ao cancelar a autorização",
  enviar: "Erro ao enviar email",
  carregarHistorico: "Erro ao carregar o histórico",
  carregarPresentes: "Erro ao carregar quem está no condomínio",
  semPresentes: "Ninguém da sua unidade está na portaria agora.",
  semPasses: "Nenhuma autorização de visita.",
  semHistorico: "Nenhum registro nos últimos 90 dias.",
  confirmarCancelar: (nome: string) => `Cancelar a autorização de ${nome}? O código deixa de valer na portaria.`,
  semEmail: "Sem email do visitante: crie uma nova autorização com o email para enviar o convite.",
} as const;
