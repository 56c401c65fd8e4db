import type { SampleRecords } from "../../route-contract";
import type { Db } from "../../db/client";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function amostras(db: Db) {
  return {
    abrirTurno: async (f: SampleRecords) => ({ condominio_id: (await f.condominio()).id, turno_anterior_id: null, li_e_assumo: true }),
    turnoAberto: async (_f: SampleRecords): Promise<string> => "00000000-0000-4000-8000-000000000000",
    ocorrencia: async (_f: SampleRecords) => ({ id: "00000000-0000-4000-8000-000000000000" }),
    corpoOcorrencia: async (f: SampleRecords) => ({ condominio_id: (await f.condominio()).id, tipo: "ocorrencia", titulo: "Portão aberto" }),
  };
}
