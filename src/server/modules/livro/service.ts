import type { Readable } from "node:stream";
import type { z } from "zod";
import type {
  abrirTurnoSchema,
  complementoInputSchema,
  encerrarTurnoSchema,
  Ocorrencia,
  OcorrenciaData,
  OcorrenciaDetalhe,
  ocorrenciaListQuerySchema,
  Passagem,
  Referencias,
  referenciasQuerySchema,
  resolucaoInputSchema,
  Turno,
} from "@shared/schemas/livro";
import type { Db } from "../../db/client";
import type { CondominioScope } from "../../scope";
import type { ListTotals } from "../common";

// The shift book's rules (gate-operation-spec §5; decision 0280).

/** Who acts: the signed-in user, their scope, and whether they read only what a síndico reads. */
export interface Quem {
  id: string;
  nome: string;
  scope: CondominioScope;
  soSindico: boolean;
}

type AbrirTurnoInput = z.output<typeof abrirTurnoSchema>;
type EncerrarTurnoInput = z.output<typeof encerrarTurnoSchema>;
type ComplementoInput = z.output<typeof complementoInputSchema>;
type ResolucaoInput = z.output<typeof resolucaoInputSchema>;
export type OcorrenciaFiltro = z.output<typeof ocorrenciaListQuerySchema>;
type ReferenciasQuery = z.output<typeof referenciasQuerySchema>;

const pendente = (): never => {
  throw new Error("not yet");
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function livroService({ db, totals }: { db: Db; totals?: ListTotals }) {
  return {
    turnoAtual: async (_quem: Quem): Promise<Turno | null> => pendente(),
    passagem: async (_quem: Quem, _posto: string): Promise<Passagem> => pendente(),
    abrirTurno: async (_quem: Quem, _data: AbrirTurnoInput): Promise<Turno> => pendente(),
    encerrarTurno: async (_quem: Quem, _id: string, _data: EncerrarTurnoInput): Promise<Turno> => pendente(),
    listar: async (_quem: Quem, _query: OcorrenciaFiltro): Promise<{ rows: Ocorrencia[]; total: number; next: string | null }> => pendente(),
    csv: (_quem: Quem, _query: OcorrenciaFiltro): { nome: string; linhas: Readable } => pendente(),
    detalhe: async (_quem: Quem, _id: string): Promise<OcorrenciaDetalhe> => pendente(),
    registrar: async (_quem: Quem, _data: OcorrenciaData): Promise<Ocorrencia> => pendente(),
    complementar: async (_quem: Quem, _id: string, _data: ComplementoInput): Promise<OcorrenciaDetalhe> => pendente(),
    resolver: async (_quem: Quem, _id: string, _data: ResolucaoInput): Promise<OcorrenciaDetalhe> => pendente(),
    referencias: async (_quem: Quem, _query: ReferenciasQuery): Promise<Referencias> => pendente(),
  };
}
