import { criarControlId } from "./controlid";
import { criarIntelbras } from "./intelbras";
import type { DispositivoSimulado } from "./simulado";

// The simulator's standard fleet: what `npm run simulador` starts, on fixed ports from
// SIMULADOR_PORTA (default 7100: the page; the devices from 7101), so that a portal's registry can
// name them by address. One of each kind the drivers tell apart: a facial reader with a SecBox, a
// relay controller with two doors, a turnstile, and an Intelbras controller with two doors.

export const PORTA_DO_SIMULADOR = 7100;

/** How the fleet's devices are reached: the user and password every simulated device accepts (OPCOES_PADRAO). */
export const CREDENCIAIS_DA_FROTA = { usuario: "admin", senha: "admin" } as const;

export interface DispositivoDaFrota {
  dispositivo: DispositivoSimulado;
  /** Its port: the page's port plus this. */
  deslocamento: number;
  /** Its doors as the portal registers them. */
  portas: { numero: number; nome: string; sentido: "entrada" | "saida" }[];
}

export function frotaPadrao(): DispositivoDaFrota[] {
  return [
    {
      dispositivo: criarControlId({ nome: "idface-social", modelo: "iDFace", serie: "0M0100/000101" }),
      deslocamento: 1,
      portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
    },
    {
      dispositivo: criarControlId({ nome: "idaccess-pedestres", modelo: "iDAccess", serie: "0M0200/000102", portas: 2 }),
      deslocamento: 2,
      portas: [
        { numero: 1, nome: "Entrada de pedestres", sentido: "entrada" },
        { numero: 2, nome: "Saída de pedestres", sentido: "saida" },
      ],
    },
    {
      dispositivo: criarControlId({ nome: "idblock-catraca", modelo: "iDBlock", serie: "0M0300/000103", portas: 2, sensorPorta: false }),
      deslocamento: 3,
      portas: [
        { numero: 1, nome: "Catraca (entrada)", sentido: "entrada" },
        { numero: 2, nome: "Catraca (saída)", sentido: "saida" },
      ],
    },
    {
      dispositivo: criarIntelbras({ nome: "ss3530-garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", portas: 2 }),
      deslocamento: 4,
      portas: [
        { numero: 1, nome: "Garagem (entrada)", sentido: "entrada" },
        { numero: 2, nome: "Garagem (saída)", sentido: "saida" },
      ],
    },
  ];
}
