import { z } from "zod";
import { formatTime } from "../time";
import { optionalDocumento, optionalPlaca } from "./bloqueios";
import { instante, optionalText, requiredText, uuidSchema } from "./common";

// 'Pedir autorização ao morador' (gate-operation-spec §3.3): the console asks the unit's residents,
// the first answer wins, 60 s without one is 'Sem resposta'. docs/decisions/0273-solicitacoes-de-autorizacao.md.

export const TIPOS_SOLICITACAO = ["visitante", "entrega"] as const;
export const ESTADOS_SOLICITACAO = ["aguardando", "aprovada", "recusada", "sem_resposta", "cancelada"] as const;
export type EstadoSolicitacao = (typeof ESTADOS_SOLICITACAO)[number];
/** How the answer came: the resident's channels (§3.4), or their standing rule. */
export const CANAIS_RESPOSTA = ["app", "push", "whatsapp", "sms", "email", "regra"] as const;
export type CanalResposta = (typeof CANAIS_RESPOSTA)[number];
export const CANAL_RESPOSTA_ROTULO: Record<CanalResposta, string> = {
  app: "app",
  push: "notificação",
  whatsapp: "WhatsApp",
  sms: "SMS",
  email: "email",
  regra: "regra",
};

/** A request nobody answered in this long ends 'sem_resposta' (§3.3). */
export const PRAZO_DA_SOLICITACAO_S = 60;

export const solicitacaoInputSchema = z.object({
  condominio_id: z.uuid("Escolha o condomínio da portaria."),
  unidade_id: z.uuid("Escolha a unidade de destino."),
  tipo_pessoa: z.enum(TIPOS_SOLICITACAO, { error: "Escolha visitante ou entrega." }),
  nome_visitante: requiredText("Informe o nome de quem está na portaria.", 200),
  documento: optionalDocumento.optional().default(null),
  placa: optionalPlaca.optional().default(null),
});
export type SolicitacaoInput = z.input<typeof solicitacaoInputSchema>;
export type SolicitacaoDados = z.output<typeof solicitacaoInputSchema>;

export const solicitacaoSchema = z.object({
  id: uuidSchema,
  condominio_id: uuidSchema,
  unidade_id: uuidSchema,
  /** 'Bloco A · 101'. */
  unidade: z.string(),
  tipo_pessoa: z.enum(TIPOS_SOLICITACAO),
  nome_visitante: z.string(),
  documento: z.string().nullable(),
  placa: z.string().nullable(),
  estado: z.enum(ESTADOS_SOLICITACAO),
  solicitado_por_nome: z.string(),
  /** The resident who answered (their record in the unit). */
  respondida_por: uuidSchema.nullable(),
  respondida_por_nome: z.string().nullable(),
  canal: z.enum(CANAIS_RESPOSTA).nullable(),
  mensagem: z.string().nullable(),
  respondida_em: instante.nullable(),
  created_at: instante,
  /** Until when the residents may answer. */
  expira_em: instante,
  /** The notices that failed, as the console shows them ('WhatsApp falhou: número inválido.'; §3.4). */
  avisos: z.array(z.string()),
});
export type Solicitacao = z.input<typeof solicitacaoSchema>;

/** The resident's answer. */
export const respostaSolicitacaoSchema = z.object({
  solicitacao_id: z.uuid("Pedido inválido."),
  resposta: z.enum(["liberar", "recusar"], { error: "Escolha liberar ou recusar." }),
  mensagem: optionalText(200).optional().default(null),
});
export type RespostaSolicitacao = z.output<typeof respostaSolicitacaoSchema>;

export const solicitacoesDoMoradorSchema = z.object({ rows: z.array(solicitacaoSchema) });

/** Who authorised an entry on a resident's answer, as its record keeps it: 'Ana Moradora (app) às 21:20'. */
export function autorizadoPelaResposta(s: Pick<Solicitacao, "respondida_por_nome" | "canal"> & { respondida_em: string | Date | null }): string {
  return `${s.respondida_por_nome ?? "morador"} (${CANAL_RESPOSTA_ROTULO[s.canal ?? "app"]}) às ${s.respondida_em ? formatTime(s.respondida_em) : ""}`;
}

/** The console's sentence for a request's state (§3.3); `aguardando` takes the seconds waited. */
export function textoDaSolicitacao(s: Pick<Solicitacao, "estado" | "respondida_por_nome" | "canal" | "mensagem" | "respondida_em">, segundos = 0): string {
  switch (s.estado) {
    case "aguardando":
      return `Aguardando o morador (${String(Math.floor(segundos / 60)).padStart(2, "0")}:${String(Math.floor(segundos % 60)).padStart(2, "0")})`;
    case "aprovada":
      if (s.canal === "regra") return s.mensagem ?? "Liberado pela regra do morador.";
      return `Autorizado por ${s.respondida_por_nome ?? "morador"} (${CANAL_RESPOSTA_ROTULO[s.canal ?? "app"]}) às ${s.respondida_em ? formatTime(s.respondida_em) : ""}`;
    case "recusada":
      return s.mensagem ? `Recusado por ${s.respondida_por_nome ?? "morador"}: "${s.mensagem}"` : `Recusado por ${s.respondida_por_nome ?? "morador"}`;
    case "sem_resposta":
      return "Sem resposta — tente o interfone.";
    case "cancelada":
      return "Pedido cancelado.";
  }
}

export const SOLICITACOES_TEXTOS = {
  pedir: "Erro ao pedir autorização ao morador",
  unidade: "Escolha a unidade de destino.",
  semContas: "Nenhum morador desta unidade tem acesso à Área do Morador: use o interfone.",
  jaRespondida: (nome: string) => `Já respondida por ${nome}.`,
  encerrada: "Este pedido já foi encerrado.",
  responder: "Erro ao responder o pedido",
  naoEncontrada: "Pedido não encontrado.",
  naoAprovada: "Este pedido não foi aprovado por um morador desta unidade.",
  /** A standing rule's answer, as the console shows it (§3.3). */
  pelaRegra: (regra: string) => `Liberado pela regra do morador: ${regra}.`,
} as const;
