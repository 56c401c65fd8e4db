import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Fabricante } from "@shared/schemas/dispositivos";

// One simulated device (gate-operation-spec §2.6): its doors, the people it knows, its access log,
// and the faults a technician meets in the field (offline, slow, refusing credentials). Each
// vendor's protocol is a handler of its own (controlid.ts, intelbras.ts) over this state, so a
// test can drive the device and read back what it did.

export type EstadoDaPorta = "aberta" | "fechada";

/** Someone the device lets in: what a sync wrote to it. */
export interface PessoaNoSimulado {
  id: string;
  nome: string;
  cartoes: string[];
  face: boolean;
}

/** One line of the device's own access log, numbered as the device numbers it. */
export interface RegistroDoSimulado {
  id: number;
  /** Epoch ms. */
  instante: number;
  tipo: "porta_aberta" | "porta_fechada" | "abertura_remota" | "acesso";
  porta: number;
  pessoaId?: string;
  concedido?: boolean;
}

export interface OpcoesDoSimulado {
  /** The simulator's name for it, also its URL path on the control page. */
  nome: string;
  fabricante: Fabricante;
  modelo: string;
  usuario: string;
  senha: string;
  serie: string;
  firmware: string;
  /** How many doors (relays) it drives. */
  portas: number;
  /** Whether a door sensor reports opened and closed. */
  sensorPorta: boolean;
  /** How long a door stays open after an opening, ms. */
  portaAbertaMs: number;
  /** How long after the relay the sensor sees the door move, ms. */
  portaMoveMs: number;
}

export const OPCOES_PADRAO = {
  usuario: "admin",
  senha: "admin",
  firmware: "1.0.0",
  portas: 1,
  sensorPorta: true,
  portaAbertaMs: 3000,
  portaMoveMs: 300,
} satisfies Partial<OpcoesDoSimulado>;

export type Manipulador = (disp: DispositivoSimulado, req: IncomingMessage, corpo: Buffer, res: ServerResponse) => Promise<void> | void;

export class DispositivoSimulado {
  readonly opcoes: OpcoesDoSimulado;
  /** Faults, set from a test or from the control page. */
  offline = false;
  atrasoMs = 0;
  recusarCredenciais = false;
  /** The device's clock runs this far from the real one (ms): 'Testar conexão' shows the difference. */
  desvioDoRelogioMs = 0;

  readonly portas = new Map<number, EstadoDaPorta>();
  readonly pessoas = new Map<string, PessoaNoSimulado>();
  readonly registros: RegistroDoSimulado[] = [];
  /** The sessions (Control iD) or nonces (Intelbras Digest) the device handed out: a restart forgets them. */
  readonly sessoes = new Set<string>();
  /** Every relay pulse, in order: exactly-once opening is checked by counting these. */
  readonly aberturas: { porta: number; instante: number }[] = [];

  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    opcoes: Omit<OpcoesDoSimulado, keyof typeof OPCOES_PADRAO> & Partial<OpcoesDoSimulado>,
    private readonly manipulador: Manipulador,
  ) {
    this.opcoes = { ...OPCOES_PADRAO, ...opcoes };
    for (let porta = 1; porta <= this.opcoes.portas; porta++) this.portas.set(porta, "fechada");
  }

  /** The device's clock now, epoch ms. */
  agora(): number {
    return Date.now() + this.desvioDoRelogioMs;
  }

  get endereco(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error(`Dispositivo simulado ${this.opcoes.nome} não está escutando.`);
    return `http://127.0.0.1:${address.port}`;
  }

  credenciaisConferem(usuario: string | undefined, senha: string | undefined): boolean {
    return !this.recusarCredenciais && usuario === this.opcoes.usuario && senha === this.opcoes.senha;
  }

  registrar(registro: Omit<RegistroDoSimulado, "id" | "instante">): RegistroDoSimulado {
    const linha = { id: this.registros.length + 1, instante: this.agora(), ...registro };
    this.registros.push(linha);
    return linha;
  }

  /** A relay pulse on `porta`: with a sensor, the door opens, then closes after `portaAbertaMs`. */
  acionar(porta: number): boolean {
    if (!this.portas.has(porta)) return false;
    this.aberturas.push({ porta, instante: this.agora() });
    this.registrar({ tipo: "abertura_remota", porta });
    if (this.opcoes.sensorPorta) {
      this.depois(this.opcoes.portaMoveMs, () => this.moverPorta(porta, "aberta"));
      this.depois(this.opcoes.portaMoveMs + this.opcoes.portaAbertaMs, () => this.moverPorta(porta, "fechada"));
    }
    return true;
  }

  /** A door moved (by the relay, by hand, forced): the sensor reports it. */
  moverPorta(porta: number, estado: EstadoDaPorta): void {
    if (this.portas.get(porta) === estado) return;
    this.portas.set(porta, estado);
    this.registrar({ tipo: estado === "aberta" ? "porta_aberta" : "porta_fechada", porta });
  }

  private depois(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  async ligar(porta = 0): Promise<string> {
    const server = createServer((req, res) => void this.atender(req, res));
    server.on("connection", (socket) => {
      // Offline: the connection is cut as it arrives, as a device off the network would never answer.
      if (this.offline) {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(porta, "127.0.0.1", resolve));
    this.server = server;
    return this.endereco;
  }

  /** A power cycle: sessions and open connections are gone; people, log and doors are kept. */
  reiniciar(): void {
    this.sessoes.clear();
    for (const socket of this.sockets) socket.destroy();
  }

  /** Takes the device off the network: open connections drop, new ones are cut. */
  desconectar(): void {
    this.offline = true;
    for (const socket of this.sockets) socket.destroy();
  }

  async desligar(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const partes: Buffer[] = [];
    for await (const parte of req) partes.push(parte as Buffer);
    if (this.atrasoMs > 0) await new Promise((resolve) => setTimeout(resolve, this.atrasoMs));
    if (this.offline || res.destroyed || req.socket.destroyed) {
      res.destroy();
      return;
    }
    try {
      await this.manipulador(this, req, Buffer.concat(partes), res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  }
}
