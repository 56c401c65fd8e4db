import { z } from "zod";
import { formatTime } from "../time";
import { instante, refSchema, requiredText } from "./common";
import { ESTADOS_DISPOSITIVO, MAX_PORTAS, SENTIDOS_PORTA } from "./dispositivos";

// Opening a door from the console (gate-operation-spec §2.2): the gates of the console's
// condominium, the request, and the command as it goes ('Enviando...', 'Comando executado',
// 'Portão aberto', 'Portão fechado', 'Falhou: <motivo>').

export const ESTADOS_COMANDO = ["solicitado", "enviado", "executado", "aberta", "fechada", "falhou"] as const;
export type EstadoComando = (typeof ESTADOS_COMANDO)[number];
/** How long a device has to take a command (§2.2: 'Dispositivo não respondeu em 5 s.'). */
export const PRAZO_DO_COMANDO_S = 5;
/** The same, in ms: how long the portal waits for a device's answer (a command, a test, a synchronisation). */
export const PRAZO_DO_COMANDO_MS = PRAZO_DO_COMANDO_S * 1000;
/** How long the door sensor has to see the door open (§2.2: 'o sensor não mudou em 10 s'). */
export const PRAZO_DO_SENSOR_S = 10;

/** The console's words for each state (§2.2). */
export const ESTADO_COMANDO_TEXTO: Record<Exclude<EstadoComando, "falhou">, string> = {
  solicitado: "Enviando...",
  enviado: "Enviando...",
  executado: "Comando executado",
  aberta: "Portão aberto",
  fechada: "Portão fechado",
};

/** Why a command failed, besides a device's own reasons (FALHA_DO_DISPOSITIVO). */
export const FALHA_DO_COMANDO = {
  offlineDesde: (desde: string) => `Dispositivo offline desde ${desde}.`,
  naoBuscou: `Dispositivo não buscou o comando em ${PRAZO_DO_COMANDO_S} s.`,
  portaNaoAbriu: `Portão não abriu (o sensor não mudou em ${PRAZO_DO_SENSOR_S} s).`,
} as const;

/** 'Portão aberto às 21:03', 'Falhou: Dispositivo não respondeu em 5 s.': the line the console shows. */
export function textoDoComando(c: Pick<Comando, "estado" | "motivo_falha" | "executado_em" | "aberta_em" | "fechada_em" | "solicitado_em">): string {
  if (c.estado === "falhou") return `Falhou: ${c.motivo_falha ?? ""}`;
  const quando = c.estado === "fechada" ? c.fechada_em : c.estado === "aberta" ? c.aberta_em : c.estado === "executado" ? c.executado_em : null;
  return quando ? `${ESTADO_COMANDO_TEXTO[c.estado]} às ${formatTime(quando)}` : ESTADO_COMANDO_TEXTO[c.estado];
}

const MOTIVO_OBRIGATORIO = "Informe o motivo: ninguém abre o portão sem registro de quem, quando e por quê.";

/**
 * 'Abrir' (and the second half of 'Registrar e abrir'). `chave_idempotencia`: made by the screen
 * once per click; the same key again is the same command. Without `registro_id` (the entry just
 * registered) the opening needs a reason and makes its own record.
 */
export const abrirPortaSchema = z
  .object({
    condominio_id: z.uuid({ error: "Selecione o condomínio." }),
    dispositivo_id: z.uuid({ error: "Portão inválido." }),
    porta: z.number({ error: "Portão inválido." }).int("Portão inválido.").min(1, "Portão inválido.").max(MAX_PORTAS, "Portão inválido."),
    chave_idempotencia: z.string({ error: "Chave de idempotência inválida." }).regex(/^[A-Za-z0-9_-]{8,100}$/, "Chave de idempotência inválida."),
    registro_id: z.uuid({ error: "Registro inválido." }).nullable().optional().default(null),
    motivo: z
      .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: MOTIVO_OBRIGATORIO }).max(200, "Use no máximo 200 caracteres."))
      .nullable()
      .optional()
      .default(null),
  })
  .superRefine((d, ctx) => {
    if (!d.registro_id && !d.motivo) ctx.addIssue({ code: "custom", path: ["motivo"], message: MOTIVO_OBRIGATORIO });
  });
export type AbrirPorta = z.input<typeof abrirPortaSchema>;
export type AbrirPortaData = z.output<typeof abrirPortaSchema>;

/** The console's 'Abrir' dialog: the reason, required (the same rule as the API's). */
export const motivoDaAberturaSchema = z.object({ motivo: requiredText(MOTIVO_OBRIGATORIO, 200) });

/** One door of an active device of the condominium, as 'Portões' lists it. */
export const portaoSchema = z.object({
  dispositivo: refSchema,
  porta: z.number().int(),
  nome: z.string(),
  sentido: z.enum(SENTIDOS_PORTA),
  sensor_porta: z.boolean(),
  estado_dispositivo: z.enum(ESTADOS_DISPOSITIVO),
  ultimo_contato_em: instante.nullable(),
});
export type Portao = z.input<typeof portaoSchema>;

export const portoesQuerySchema = z.object({ condominio_id: z.uuid({ error: "Selecione o condomínio." }) });
export const portoesSchema = z.object({ portoes: z.array(portaoSchema) });

export const comandoSchema = z.object({
  id: z.string(),
  condominio_id: z.string(),
  dispositivo: refSchema,
  porta: z.number().int(),
  porta_nome: z.string(),
  sensor_porta: z.boolean(),
  registro_id: z.string().nullable(),
  solicitado_por_nome: z.string(),
  estado: z.enum(ESTADOS_COMANDO),
  motivo_falha: z.string().nullable(),
  solicitado_em: instante,
  enviado_em: instante.nullable(),
  executado_em: instante.nullable(),
  aberta_em: instante.nullable(),
  fechada_em: instante.nullable(),
});
export type Comando = z.input<typeof comandoSchema>;

/** The console's toasts for opening a gate. */
export const COMANDOS_TEXTOS = {
  abrir: "Erro ao abrir o portão",
  portoes: "Erro ao carregar os portões",
  /** 'Registrar e abrir' in a condominium with no entrance door. */
  semPortaoDeEntrada: "Nenhum portão de entrada neste condomínio.",
} as const;
