import { z } from "zod";
import { optionalText, uuidSchema } from "./common";
import { TIPOS_SOLICITACAO, ESTADOS_SOLICITACAO } from "./solicitacoes";

// What the portal tells a resident and how they choose it (gate-operation-spec §3.2 'Notificações',
// §3.4): the notice queue's vocabulary, a resident's preferences and standing rule, a browser's
// Web Push subscription, and the password-less answer link.

export const TIPOS_NOTIFICACAO = ["solicitacao", "encomenda", "visitante_chegou", "lembrete_encomenda"] as const;
export type TipoNotificacao = (typeof TIPOS_NOTIFICACAO)[number];
export const CANAIS_NOTIFICACAO = ["app", "push", "whatsapp", "sms", "email"] as const;
export type CanalNotificacao = (typeof CANAIS_NOTIFICACAO)[number];
export const CANAL_NOTIFICACAO_ROTULO: Record<CanalNotificacao, string> = {
  app: "App",
  push: "Notificação no celular",
  whatsapp: "WhatsApp",
  sms: "SMS",
  email: "Email",
};
export const ESTADOS_NOTIFICACAO = ["pendente", "enviada", "entregue", "lida", "falhou", "cancelada"] as const;
export type EstadoNotificacao = (typeof ESTADOS_NOTIFICACAO)[number];

/** The cascade (§3.3): seconds after the request each channel goes, if nobody answered yet. */
export const CASCATA_S: Record<Exclude<CanalNotificacao, "app">, number> = { push: 0, email: 0, whatsapp: 15, sms: 30 };

/** The notices' texts (§3.4), the same on every channel. */
export const NOTIFICACAO_TEXTOS = {
  solicitacaoTitulo: "Visitante na portaria",
  solicitacaoCorpo: (nome: string, unidade: string) => `${nome} está na portaria para ${unidade}. Liberar a entrada?`,
  encomendaTitulo: "Chegou uma encomenda",
  encomendaCorpo: (transportadora: string, codigo: string) => `${transportadora}: retire na portaria com o código ${codigo}.`,
  /** The reminder after 3 days and every 3 days (§4). */
  lembreteTitulo: "Encomenda aguardando retirada",
  lembreteCorpo: (transportadora: string, dias: number, codigo: string) =>
    `${transportadora}: aguardando há ${dias} ${dias === 1 ? "dia" : "dias"} na portaria. Retire com o código ${codigo}.`,
  /** A failed channel, as the console shows it on the request: 'WhatsApp falhou: número inválido.' */
  falhou: (canal: CanalNotificacao, motivo: string) => `${CANAL_NOTIFICACAO_ROTULO[canal]} falhou: ${motivo}`,
} as const;

const HORA = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const hora = (mensagem: string) => z.string({ error: mensagem }).regex(HORA, mensagem);
const horaOpcional = (mensagem: string) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), hora(mensagem).nullable()) as z.ZodType<string | null, string | null | undefined>;

export const REGRAS_ENTREGAS = ["sempre_perguntar", "liberar_sempre"] as const;
export type RegraEntregas = (typeof REGRAS_ENTREGAS)[number];

export const PREFERENCIAS_TEXTOS = {
  horaInvalida: "Informe a hora como HH:mm.",
  silencioPar: "Informe o início e o fim do horário de silêncio.",
  regraHorario: "Informe de que horas a que horas liberar as entregas.",
  horasIguais: "O início e o fim não podem ser iguais.",
  salvar: "Erro ao salvar as notificações",
  salvas: "Notificações salvas",
  carregar: "Erro ao carregar as notificações",
  pushIndisponivel: "Notificações no celular indisponíveis neste navegador.",
  pushNegado: "As notificações foram bloqueadas neste navegador: libere-as nas configurações do site.",
} as const;

/** A resident's notification choices for one unit (their resident record). */
export const preferenciasInputSchema = z
  .object({
    push: z.boolean({ error: "Escolha sim ou não." }),
    whatsapp: z.boolean({ error: "Escolha sim ou não." }),
    sms: z.boolean({ error: "Escolha sim ou não." }),
    email: z.boolean({ error: "Escolha sim ou não." }),
    silencio_de: horaOpcional(PREFERENCIAS_TEXTOS.horaInvalida),
    silencio_ate: horaOpcional(PREFERENCIAS_TEXTOS.horaInvalida),
    regra_entregas: z.enum(REGRAS_ENTREGAS, { error: "Escolha a regra das entregas." }),
    regra_de: horaOpcional(PREFERENCIAS_TEXTOS.horaInvalida),
    regra_ate: horaOpcional(PREFERENCIAS_TEXTOS.horaInvalida),
  })
  .superRefine((p, ctx) => {
    if ((p.silencio_de === null) !== (p.silencio_ate === null))
      ctx.addIssue({ code: "custom", path: [p.silencio_de === null ? "silencio_de" : "silencio_ate"], message: PREFERENCIAS_TEXTOS.silencioPar });
    else if (p.silencio_de !== null && p.silencio_de === p.silencio_ate)
      ctx.addIssue({ code: "custom", path: ["silencio_ate"], message: PREFERENCIAS_TEXTOS.horasIguais });
    if (p.regra_entregas === "liberar_sempre") {
      if (p.regra_de === null) ctx.addIssue({ code: "custom", path: ["regra_de"], message: PREFERENCIAS_TEXTOS.regraHorario });
      if (p.regra_ate === null) ctx.addIssue({ code: "custom", path: ["regra_ate"], message: PREFERENCIAS_TEXTOS.regraHorario });
      if (p.regra_de !== null && p.regra_de === p.regra_ate) ctx.addIssue({ code: "custom", path: ["regra_ate"], message: PREFERENCIAS_TEXTOS.horasIguais });
    }
  });
export type PreferenciasInput = z.input<typeof preferenciasInputSchema>;
export type PreferenciasDados = z.output<typeof preferenciasInputSchema>;

export const preferenciasSchema = z.object({
  morador_id: uuidSchema,
  unidade_id: uuidSchema,
  push: z.boolean(),
  whatsapp: z.boolean(),
  sms: z.boolean(),
  email: z.boolean(),
  silencio_de: z.string().nullable(),
  silencio_ate: z.string().nullable(),
  regra_entregas: z.enum(REGRAS_ENTREGAS),
  regra_de: z.string().nullable(),
  regra_ate: z.string().nullable(),
  /** Which channels the portal can use at all (configured by environment); an off one says so. */
  canais_disponiveis: z.object({ push: z.boolean(), whatsapp: z.boolean(), sms: z.boolean(), email: z.boolean() }),
  /** Whether the resident's record has a mobile phone (WhatsApp, SMS) and an e-mail. */
  tem_celular: z.boolean(),
  tem_email: z.boolean(),
});
export type Preferencias = z.input<typeof preferenciasSchema>;

/** No row yet: every channel on, no quiet hours, 'Sempre perguntar'. */
export const PREFERENCIAS_PADRAO: PreferenciasDados = {
  push: true,
  whatsapp: true,
  sms: true,
  email: true,
  silencio_de: null,
  silencio_ate: null,
  regra_entregas: "sempre_perguntar",
  regra_de: null,
  regra_ate: null,
};

/** The standing rule as the resident reads it, and as the console quotes it. */
export function textoDaRegra(p: Pick<PreferenciasDados, "regra_entregas" | "regra_de" | "regra_ate">): string {
  return p.regra_entregas === "liberar_sempre" ? `Entregas: liberar sempre (das ${p.regra_de} às ${p.regra_ate})` : "Sempre perguntar";
}

/** Whether a São Paulo wall-clock 'HH:mm' lies in [de, ate), a window that may cross midnight. */
export function dentroDoHorario(agora: string, de: string, ate: string): boolean {
  return de < ate ? agora >= de && agora < ate : agora >= de || agora < ate;
}

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushInscricaoSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "Inscrição inválida." }).max(2000, "Inscrição inválida."),
  keys: z.object({
    p256dh: z.string({ error: "Inscrição inválida." }).min(1, "Inscrição inválida.").max(200, "Inscrição inválida."),
    auth: z.string({ error: "Inscrição inválida." }).min(1, "Inscrição inválida.").max(100, "Inscrição inválida."),
  }),
});
export type PushInscricao = z.input<typeof pushInscricaoSchema>;
/** The portal's VAPID public key; null when Web Push is off. */
export const chavePushSchema = z.object({ chave_publica: z.string().nullable() });

// The answer link (§3.4): WhatsApp, SMS and e-mail carry /morador/resposta?token=…, a page with
// 'Liberar' and 'Recusar' that needs no password; the link answers once.
export const LINK_TEXTOS = {
  invalido: "Este link não vale mais.",
  usado: "Este link já foi usado.",
  responder: "Erro ao responder",
} as const;

const tokenDoLink = z.string({ error: LINK_TEXTOS.invalido }).min(1, LINK_TEXTOS.invalido).max(300, LINK_TEXTOS.invalido);
// An empty token is an invalid link (the page says so), not a 400: as the invitation's.
export const respostaLinkQuerySchema = z.object({ token: z.string({ error: LINK_TEXTOS.invalido }).max(300, LINK_TEXTOS.invalido).optional() });
/** What the page shows: the request, never anyone's contacts. */
export const respostaLinkInfoSchema = z.object({
  /** 'valido': can answer; 'usado': this link answered already; 'invalido': unknown, expired or tampered. */
  situacao: z.enum(["valido", "usado", "invalido"]),
  solicitacao: z
    .object({
      nome_visitante: z.string(),
      tipo_pessoa: z.enum(TIPOS_SOLICITACAO),
      unidade: z.string(),
      condominio: z.string(),
      estado: z.enum(ESTADOS_SOLICITACAO),
      respondida_por_nome: z.string().nullable(),
      expira_em: z.string(),
    })
    .nullable(),
});
export type RespostaLinkInfo = z.input<typeof respostaLinkInfoSchema>;
export const respostaLinkSchema = z.object({
  token: tokenDoLink,
  resposta: z.enum(["liberar", "recusar"], { error: "Escolha liberar ou recusar." }),
  mensagem: optionalText(200).optional().default(null),
});
export type RespostaLink = z.input<typeof respostaLinkSchema>;
