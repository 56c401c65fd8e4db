import { z } from "zod";

export const painelQuerySchema = z.object({
  condominio_id: z
    .union([z.literal("todos"), z.uuid("Condomínio inválido.")])
    .optional()
    .default("todos"),
});

/** The five numbers of the Painel de Controle (§7 Dashboard counts, §9 occupancy rate). */
export interface PainelStats {
  moradores_ativos: number;
  unidades_ativas: number;
  veiculos_ativos: number;
  prestadores_ativos: number;
  unidades_ocupadas: number;
  /** Occupied active units / active units × 100, one decimal; 0 without units. */
  taxa_ocupacao: number;
}

export interface CondominioOption {
  id: string;
  nome: string;
}

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
