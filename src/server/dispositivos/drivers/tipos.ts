import type { Fabricante } from "@shared/schemas/dispositivos";

// The one interface between the gateway and a vendor (gate-operation-spec §2.5): commands,
// events, sync, alarms and the screens call these and know no vendor. A driver speaks its
// vendor's protocol and turns every fault into a FalhaDoDispositivo with a pt-BR text.

/** One device as a driver reaches it on a direct connection: the registry's fields it needs. */
export interface AlvoDoDispositivo {
  /** The device's id in the portal: a driver keeps its session with the device by it. */
  id: string;
  modelo: string;
  endereco: string;
  usuario: string | null;
  /** Already decrypted; never logged. */
  senha: string | null;
}

/** What 'Testar conexão' shows: who answered and what its clock says. */
export interface IdentidadeDoDispositivo {
  modelo: string | null;
  serie: string | null;
  firmware: string | null;
  /** The instant the device's clock reads (devices keep São Paulo's hours without a zone). */
  relogio: Date | null;
}

export const MOTIVOS_DE_FALHA = ["sem_resposta", "inalcancavel", "credenciais", "recusado", "resposta_invalida"] as const;
export type MotivoDaFalha = (typeof MOTIVOS_DE_FALHA)[number];

/** A device that did not do what was asked; `message` is the pt-BR text a screen shows. */
export class FalhaDoDispositivo extends Error {
  constructor(
    readonly motivo: MotivoDaFalha,
    message: string,
  ) {
    super(message);
    this.name = "FalhaDoDispositivo";
  }
}

export interface OpcoesDeChamada {
  /** How long the device has to answer, ms (a command's timeout, §2.2: 5 s). */
  prazoMs: number;
}

export interface DriverDeDispositivo {
  readonly fabricante: Fabricante;
  /** 'Testar conexão' (§2.1): signs in and reads the device's identity and clock. */
  identificar(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<IdentidadeDoDispositivo>;
  /** One relay pulse on `porta` (the registry's door number, from 1). Resolves when the device accepted it. */
  abrir(alvo: AlvoDoDispositivo, porta: number, opcoes: OpcoesDeChamada): Promise<void>;
  /** What the door sensor of `porta` reads now (devices with `sensor_porta`). */
  estadoDaPorta(alvo: AlvoDoDispositivo, porta: number, opcoes: OpcoesDeChamada): Promise<"aberta" | "fechada">;
  /** Forgets what the driver keeps for a device (its session): after an edit of it, or its removal. */
  esquecer(id: string): void;
}
