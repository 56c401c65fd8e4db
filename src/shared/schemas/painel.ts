import { z } from "zod";
import { refSchema } from "./common";

export const painelQuerySchema = z.object({
  condominio_id: z
    .union([z.literal("todos"), z.uuid("Condomínio inválido.")])
    .optional()
    .default("todos"),
});

/** The five numbers of the Painel de Controle (§7 Dashboard counts, §9 occupancy rate). */
export const painelStatsSchema = z.object({
  moradores_ativos: z.number().int(),
  unidades_ativas: z.number().int(),
  veiculos_ativos: z.number().int(),
  prestadores_ativos: z.number().int(),
  unidades_ocupadas: z.number().int(),
  /** Occupied active units / active units × 100, one decimal; 0 without units. */
  taxa_ocupacao: z.number(),
});
export type PainelStats = z.input<typeof painelStatsSchema>;

export const condominioOptionSchema = refSchema;
export type CondominioOption = z.input<typeof condominioOptionSchema>;
/** The painel's condominium filter: the active condominiums of the user's scope. */
export const painelCondominiosSchema = z.object({ rows: z.array(condominioOptionSchema), total: z.number().int() });

/** The painel's 'Relatórios' card (issue 15): today at the gate, in São Paulo time. */
export const painelAcessosSchema = z.object({
  /** Entries let in today. */
  entradas_hoje: z.number().int(),
  /** Refused attempts today. */
  recusas_hoje: z.number().int(),
  /** People inside now. */
  dentro_agora: z.number().int(),
  /** Entries let in today per hour of São Paulo (24 numbers, 0 h to 23 h). */
  entradas_por_hora: z.array(z.number().int()).length(24),
});
export type PainelAcessos = z.infer<typeof painelAcessosSchema>;
