import { z } from "zod";
import { instante, refSchema } from "./common";

// Alarms (gate-operation-spec §2.3): what a device reported, or failed to report, that an operator
// must see now. Raised by the gateway, shown at once on every console serving the condominium
// (the realtime feed's `event: alarme`) and in 'Alarmes', where 'Ciente' records who
// acknowledged it and when. An alarm is never deleted; one that ends by itself (a device back
// online) is closed (`encerrado_em`), and stays in the history.

export const TIPOS_ALARME = ["dispositivo_offline", "porta_forcada", "porta_aberta_demais", "liberacao_indevida", "eventos_perdidos"] as const;
export type TipoAlarme = (typeof TIPOS_ALARME)[number];

/** How long a door may stay open before the alarm (§2.3: 'Porta aberta há mais de 60 s'). */
export const PORTA_ABERTA_MAX_S = 60;
/** How long a device may stay silent before it is offline (§2.3: 120 s). */
export const SILENCIO_MAX_S = 120;

/** The alarm's text, as the spec words it (§2.3). */
export const TEXTO_DO_ALARME = {
  dispositivo_offline: (dispositivo: string) => `Dispositivo offline: ${dispositivo}.`,
  porta_forcada: (porta: string) => `Porta forçada: ${porta}.`,
  porta_aberta_demais: (porta: string) => `Porta aberta há mais de ${PORTA_ABERTA_MAX_S} s: ${porta}.`,
  liberacao_indevida: (motivo: string) => `Dispositivo liberou acesso que o portal recusaria: ${motivo.replace(/\.$/, "")}.`,
  eventos_perdidos: (n: number) => `Eventos perdidos: ${n}`,
} as const;

export const alarmeSchema = z.object({
  id: z.string(),
  condominio: refSchema,
  dispositivo: refSchema.nullable(),
  tipo: z.enum(TIPOS_ALARME),
  mensagem: z.string(),
  criado_em: instante,
  /** When the condition ended by itself (the device came back); null while it holds. */
  encerrado_em: instante.nullable(),
  ciente_por_nome: z.string().nullable(),
  ciente_em: instante.nullable(),
});
export type Alarme = z.input<typeof alarmeSchema>;

/** 'Alarmes': `situacao` 'abertos' (not yet acknowledged, the default) or 'todos'. */
export const alarmesQuerySchema = z.object({
  condominio_id: z.union([z.uuid({ error: "Condomínio inválido." }), z.literal("todos")]).default("todos"),
  situacao: z.enum(["abertos", "todos"], { error: "Situação inválida." }).default("abertos"),
});
export type AlarmesQuery = z.input<typeof alarmesQuerySchema>;

export const alarmesSchema = z.object({ alarmes: z.array(alarmeSchema) });

/** The screens' toasts for alarms. */
export const ALARMES_TEXTOS = {
  carregar: "Erro ao carregar os alarmes",
  ciente: "Erro ao registrar ciência do alarme",
  cienteOk: "Ciência registrada",
} as const;
