import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Fabricante } from "@shared/schemas/dispositivos";

// One simulated device (gate-operation-spec §2.6): its doors, the people it knows, its access log,
// and the faults a technician meets in the field (offline, slow, refusing credentials). Each
// vendor's protocol is a handler of its own (controlid.ts, intelbras.ts) over this state, so a
// test can drive the device and read back what it did.
//
// The device also calls the portal (§2.3, docs/decisions/0265-eventos-dos-dispositivos.md): it asks
// for a decision (online mode) or reports what it decided (monitor mode), its doors and alarms, and
// a heartbeat. What happens is here; how each vendor writes it on the wire is its
// ProtocoloDeEventos (controlid.ts, intelbras.ts). Calls go out one at a time, in the order things
// happened, so the portal sees the device's numbering in order unless a fault says otherwise.
//
// In push mode (a device behind NAT the portal cannot call) the device also asks the portal for
// its next request every `pushMs` (sooner right after performing one), performs it and says how it
// went. Those calls run apart from the event queue, one poll at a time, as the firmware's own push
// loop: a slow poll never holds back an event, and an event never delays a command.

export type EstadoDaPorta = "aberta" | "fechada";

/** Someone the device lets in: what a sync wrote to it. */
export interface PessoaNoSimulado {
  id: string;
  nome: string;
  cartoes: string[];
  /** True once the device accepted a face photo for the person. */
  face: boolean;
  /**
   * The accepted photo as a fingerprint only: the simulator never keeps a photo's bytes (a resident's
   * face is sensitive data, LGPD art. 11), only enough to tell that the bytes sent arrived whole.
   */
  foto?: ImpressaoDaFoto;
  /** Control iD: the `registration` written with the user, and when its photo was enrolled (Unix s, `image_timestamp`). */
  registro?: string;
  fotoEm?: number;
  /** Known to the device but refused by its own rules (a schedule, a validity): monitor mode logs a denial. */
  bloqueada?: boolean;
  /** QR codes the device accepts for the person, on a vendor that keeps them (Control iD `qrcodes`). */
  qrcodes?: string[];
}

export const TIPOS_DE_IDENTIFICACAO = ["face", "cartao", "qrcode", "pin"] as const;
export type TipoDeIdentificacao = (typeof TIPOS_DE_IDENTIFICACAO)[number];

/** What a person shows the device: a face (`valor` = the device's user id it matches), a card, a QR code, a PIN. */
export interface Identificacao {
  tipo: TipoDeIdentificacao;
  valor: string;
}

/**
 * Who decides and how commands arrive: `online` the portal decides each identification; `monitor`
 * the device decides and reports; `push` is monitor plus fetching the portal's commands (for a
 * device the portal cannot reach).
 */
export const MODOS_DE_INTEGRACAO = ["online", "monitor", "push"] as const;
export type ModoDeIntegracao = (typeof MODOS_DE_INTEGRACAO)[number];

/** Where the device reports: the portal's `url_integracao`, and who decides an identification. */
export interface Integracao {
  url: string;
  modo: ModoDeIntegracao;
}

/** The outcome at the gate, as the person sees it. */
export interface Decisao {
  concedido: boolean;
  mensagem: string;
}

/** The device's screen when it asked the portal and got no usable answer. */
export const SEM_COMUNICACAO = "Sem comunicação com o servidor";
/** The device's own screen texts when it decides alone (monitor mode, or no integration). */
export const MENSAGEM_DO_APARELHO = { concedido: "Acesso liberado", negado: "Acesso negado", naoIdentificado: "Não identificado" } as const;

/** One line of the device's own access log, numbered as the device numbers it. */
export interface RegistroDoSimulado {
  /** The line's place in the whole log. */
  id: number;
  /**
   * The number its vendor's event protocol gives it (Control iD access_logs or alarm_logs id,
   * Intelbras RecNo), counted per numbered table: lines the protocol never reports (a Control iD
   * door moving, a remote opening) take none, so only a lost event leaves a gap the portal sees.
   */
  numero?: number;
  /** Epoch ms. */
  instante: number;
  tipo: "porta_aberta" | "porta_fechada" | "abertura_remota" | "acesso" | "porta_forcada" | "porta_mantida_aberta";
  porta: number;
  pessoaId?: string;
  concedido?: boolean;
  /** On "acesso": what the person showed. */
  identificacao?: Identificacao;
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
  /** A door open this long raises the 'held open' alarm, ms. */
  portaAbertaAlarmeMs: number;
  /** Heartbeat period while integrated, ms; 0: none. */
  vidaMs: number;
  /** Push mode: how often the device asks the portal for a request, ms; 0: never. */
  pushMs: number;
  /** How long the device waits for the portal's answer, ms. */
  prazoDoPortalMs: number;
}

export const OPCOES_PADRAO = {
  usuario: "admin",
  senha: "admin",
  firmware: "1.0.0",
  portas: 1,
  sensorPorta: true,
  portaAbertaMs: 3000,
  portaMoveMs: 300,
  portaAbertaAlarmeMs: 60_000,
  vidaMs: 30_000,
  pushMs: 1000,
  prazoDoPortalMs: 5000,
} satisfies Partial<OpcoesDoSimulado>;

/** What a vendor's create function takes: the vendor is fixed, the defaults may be overridden. */
export type OpcoesDoFabricante = Omit<OpcoesDoSimulado, "fabricante" | keyof typeof OPCOES_PADRAO> & Partial<OpcoesDoSimulado>;

export type Manipulador = (disp: DispositivoSimulado, req: IncomingMessage, corpo: Buffer, res: ServerResponse) => Promise<void> | void;

/** One HTTP call to the portal, as a vendor writes it. */
export interface ChamadaAoPortal {
  metodo: "GET" | "POST";
  /** Appended to the integration URL; "" calls the URL itself. */
  caminho: string;
  tipoDoCorpo?: string;
  corpo?: string | Uint8Array<ArrayBuffer>;
}

/** What a call to the portal was: an online question, a log line, a heartbeat, a push poll or a push report. */
export type TipoDeChamada = "pergunta" | "evento" | "vida" | "busca" | "relato";

/** One call to the portal as the device lived it: from sending to the answer (or the failure). */
export interface MedidaDaChamada {
  tipo: TipoDeChamada;
  ms: number;
  /** The HTTP status, or null: no answer (offline, unreachable, timed out). */
  status: number | null;
}

/** The portal's answer to a call that got through (2xx). */
export interface RespostaDoPortal {
  status: number;
  corpo: string;
}

/** The portal's decision on an identification, read from its answer. */
export interface DecisaoDoPortal extends Decisao {
  /** The doors the device pulses (only when granted). */
  portas: number[];
}

/** A request the portal handed out in push mode, as the device read it. */
export interface PedidoDoPortal {
  /** The portal's id for it (Control iD `uuid`): the device performs each id once. */
  id: string;
  /** Performs it on the device; gives the call that tells the portal how it went. */
  executar(): ChamadaAoPortal;
}

/** A registro of an identification: what the protocol reports about it. */
export type RegistroDeAcesso = RegistroDoSimulado & { tipo: "acesso"; identificacao: Identificacao };

/** How a vendor's event protocol writes each happening as a call to the portal, and reads the answer. */
export interface ProtocoloDeEventos {
  /** The integration modes the vendor's firmware offers. */
  readonly modos: readonly ModoDeIntegracao[];
  /** The numbered table a kind of log line belongs to (its `numero` counts in it), or null: not numbered. */
  tabela(tipo: RegistroDoSimulado["tipo"]): string | null;
  /** Online mode: the question for an identification the portal decides. */
  pergunta(disp: DispositivoSimulado, registro: RegistroDeAcesso): ChamadaAoPortal;
  /** Reads the answer to `pergunta`; null when it is not one the device understands. */
  decisao(resposta: RespostaDoPortal, porta: number): DecisaoDoPortal | null;
  /** Monitor mode: an identification the device already decided. */
  acesso?(disp: DispositivoSimulado, registro: RegistroDeAcesso): ChamadaAoPortal;
  /** A door opened or closed. */
  porta(disp: DispositivoSimulado, registro: RegistroDoSimulado): ChamadaAoPortal;
  /** A door forced or held open. */
  alarme(disp: DispositivoSimulado, registro: RegistroDoSimulado): ChamadaAoPortal;
  /** The heartbeat. */
  vida(disp: DispositivoSimulado): ChamadaAoPortal;
  /** Push mode: the call that asks the portal for its next request. */
  busca?(disp: DispositivoSimulado): ChamadaAoPortal;
  /** Push mode: the request in the portal's answer to `busca`; null when there is nothing to do (or nothing the device can read). */
  pedido?(disp: DispositivoSimulado, resposta: RespostaDoPortal): PedidoDoPortal | null;
}

/**
 * How many performed push requests the device remembers (id → the report it sent). A request is
 * performed once per id: if the portal hands the same one out again — a poll retried after its
 * answer was lost on the way, a result the portal never got, a second instance answering — the
 * device only reports again what it did, so a retried poll never opens a door twice.
 */
export const PEDIDOS_LEMBRADOS = 32;

/**
 * Push mode: after performing a request the device asks again this soon instead of at its next
 * `pushMs` tick, so a portal with several requests queued (a sync of many people) is drained in
 * seconds. The simulator's choice: the vendor's documentation does not say how soon the firmware
 * asks again. 250 ms keeps a draining device at 8 calls/s at most (a poll and its result per
 * 250 ms), under the portal's 10 calls/s per device token.
 */
export const POLL_APOS_PEDIDO_MS = 250;

const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the device keeps of an accepted face photo instead of its bytes. */
export interface ImpressaoDaFoto {
  sha256: string;
  bytes: number;
}

export const impressaoDaFoto = (foto: Buffer): ImpressaoDaFoto => ({ sha256: createHash("sha256").update(foto).digest("hex"), bytes: foto.length });

/** A JPEG or a PNG, by its first bytes: the only images the simulated face readers take. */
const ehImagem = (foto: Buffer) =>
  (foto.length > 3 && foto[0] === 0xff && foto[1] === 0xd8 && foto[2] === 0xff) ||
  (foto.length > 8 && foto.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));

export class DispositivoSimulado {
  readonly opcoes: OpcoesDoSimulado;
  /** Faults, set from a test or from the control page. */
  offline = false;
  atrasoMs = 0;
  recusarCredenciais = false;
  /** The device's clock runs this far from the real one (ms): 'Testar conexão' shows the difference. */
  desvioDoRelogioMs = 0;
  /**
   * Sync faults (§2.4): `recusarFoto` the device finds no face in any photo and refuses it with its
   * vendor's error; `naoRemover` the device answers OK to a removal and keeps the person — only
   * reading its list back shows it.
   */
  recusarFoto = false;
  naoRemover = false;

  readonly portas = new Map<number, EstadoDaPorta>();
  readonly pessoas = new Map<string, PessoaNoSimulado>();
  readonly registros: RegistroDoSimulado[] = [];
  /** The sessions (Control iD) or nonces (Intelbras Digest) the device handed out: a restart forgets them. */
  readonly sessoes = new Set<string>();
  /** Every relay pulse, in order: exactly-once opening is checked by counting these. */
  readonly aberturas: { porta: number; instante: number }[] = [];

  /** Reporting faults: the next event (not a heartbeat) is delivered twice with the same numbers, or its number is used and it is never sent. */
  duplicarProximo = false;
  perderProximo = false;
  /** What the device's screen shows after the last identification. */
  ultimaMensagem: string | null = null;
  /** Calls to the portal that got through (2xx) and that did not (offline, unreachable, timed out, non-2xx): a device never stops on a portal failure. */
  enviosEntregues = 0;
  enviosFalhos = 0;
  ultimaFalhaDeEnvio: string | null = null;
  /** Each call's time, for whoever measures the portal (the bench, scripts/bench/dispositivos.ts). */
  aoChamar: ((medida: MedidaDaChamada) => void) | null = null;

  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private integracaoAtual: Integracao | null = null;
  /** The calls to the portal, chained: one at a time, in order. */
  private fila: Promise<unknown> = Promise.resolve();
  private vida: NodeJS.Timeout | null = null;
  /** Push mode: the polling timer, the early poll after a performed request, whether a poll is under way, and the requests already performed. */
  private busca: NodeJS.Timeout | null = null;
  private drenagem: NodeJS.Timeout | null = null;
  private buscando = false;
  private readonly pedidosExecutados = new Map<string, ChamadaAoPortal>();
  /** The last `numero` given in each numbered table. */
  private readonly numeracao = new Map<string, number>();
  /** Per door: the closing a relay pulse scheduled, and the 'held open' alarm waiting for a closing. */
  private readonly fechamentos = new Map<number, NodeJS.Timeout>();
  private readonly alarmesDePortaAberta = new Map<number, NodeJS.Timeout>();

  constructor(
    opcoes: Omit<OpcoesDoSimulado, keyof typeof OPCOES_PADRAO> & Partial<OpcoesDoSimulado>,
    private readonly manipulador: Manipulador,
    private readonly protocolo: ProtocoloDeEventos,
  ) {
    this.opcoes = { ...OPCOES_PADRAO, ...opcoes };
    for (let porta = 1; porta <= this.opcoes.portas; porta++) this.portas.set(porta, "fechada");
  }

  /** The integration modes its firmware offers. */
  get modos(): readonly ModoDeIntegracao[] {
    return this.protocolo.modos;
  }

  /** Where the device reports, or null: it only answers. Setting it (re)starts the heartbeat and, in push mode, the polling. */
  get integracao(): Readonly<Integracao> | null {
    return this.integracaoAtual;
  }

  set integracao(valor: Integracao | null) {
    if (valor) {
      if (!this.protocolo.modos.includes(valor.modo)) throw new Error(`Este aparelho não tem o modo ${valor.modo}.`);
      const url = URL.parse(valor.url);
      if (!url || !["http:", "https:"].includes(url.protocol)) throw new Error(`Endereço de integração inválido: ${valor.url}`);
    }
    this.integracaoAtual = valor ? { url: valor.url, modo: valor.modo } : null;
    this.reiniciarVida();
    this.reiniciarBusca();
  }

  /** Whether the device finds a face in a photo: a JPEG or PNG, unless the 'refuse photos' fault is on. */
  encontraRosto(foto: Buffer): boolean {
    return !this.recusarFoto && ehImagem(foto);
  }

  /** The person who already holds this face (the same photo), other than `exceto`: what a duplicate check finds. */
  donoDoRosto(foto: Buffer, exceto: string): PessoaNoSimulado | null {
    const { sha256 } = impressaoDaFoto(foto);
    return [...this.pessoas.values()].find((p) => p.id !== exceto && p.foto?.sha256 === sha256) ?? null;
  }

  /** The holder of a card, if any. */
  donoDoCartao(cartao: string): PessoaNoSimulado | null {
    return [...this.pessoas.values()].find((p) => p.cartoes.includes(cartao)) ?? null;
  }

  /** A removal the device was asked for (cards and face go with the person); with `naoRemover` it keeps them. True: the device holds nobody under `id` now. */
  removerPessoa(id: string): boolean {
    if (this.naoRemover) return !this.pessoas.has(id);
    this.pessoas.delete(id);
    return true;
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

  registrar(registro: Omit<RegistroDoSimulado, "id" | "instante" | "numero">): RegistroDoSimulado {
    const tabela = this.protocolo.tabela(registro.tipo);
    let numero: number | undefined;
    if (tabela !== null) {
      numero = this.ultimoNumero(tabela) + 1;
      this.numeracao.set(tabela, numero);
    }
    const linha: RegistroDoSimulado = { id: this.registros.length + 1, instante: this.agora(), ...registro, ...(numero === undefined ? {} : { numero }) };
    this.registros.push(linha);
    return linha;
  }

  /** The last `numero` given in a numbered table (0: none yet). */
  ultimoNumero(tabela: string): number {
    return this.numeracao.get(tabela) ?? 0;
  }

  /** A remote opening (the portal's command): logged, then a relay pulse. */
  acionar(porta: number): boolean {
    if (!this.portas.has(porta)) return false;
    this.registrar({ tipo: "abertura_remota", porta });
    this.pulsar(porta);
    return true;
  }

  /**
   * A relay pulse on `porta`: with a sensor, the door opens, then closes after `portaAbertaMs`. An
   * identification the device grants pulses without the remote opening's log line: the access line
   * is the log of it.
   */
  private pulsar(porta: number): void {
    this.aberturas.push({ porta, instante: this.agora() });
    if (!this.opcoes.sensorPorta) return;
    this.depois(this.opcoes.portaMoveMs, () => this.moverPorta(porta, "aberta"));
    // A second pulse while open keeps the door open for its own time.
    this.cancelar(this.fechamentos, porta);
    this.fechamentos.set(
      porta,
      this.depois(this.opcoes.portaMoveMs + this.opcoes.portaAbertaMs, () => {
        this.fechamentos.delete(porta);
        this.moverPorta(porta, "fechada");
      }),
    );
  }

  /**
   * A door moved (by the relay, by hand, forced): the sensor logs and reports it, and a door left
   * open `portaAbertaAlarmeMs` raises the 'held open' alarm. Without a sensor the device sees
   * nothing: the state changes (the control page shows it), no line, no report.
   */
  moverPorta(porta: number, estado: EstadoDaPorta): boolean {
    if (!this.portas.has(porta) || this.portas.get(porta) === estado) return false;
    this.portas.set(porta, estado);
    if (!this.opcoes.sensorPorta) return true;
    const registro = this.registrar({ tipo: estado === "aberta" ? "porta_aberta" : "porta_fechada", porta });
    this.relatarEvento(registro, (p) => p.porta(this, registro));
    this.cancelar(this.alarmesDePortaAberta, porta);
    if (estado === "aberta")
      this.alarmesDePortaAberta.set(
        porta,
        this.depois(this.opcoes.portaAbertaAlarmeMs, () => {
          this.alarmesDePortaAberta.delete(porta);
          this.alarmar("porta_mantida_aberta", porta);
        }),
      );
    return true;
  }

  /** The door opens with no relay pulse (kicked, a key): its opening, then the 'forced' alarm. False when there is nothing to see. */
  forcarPorta(porta: number): boolean {
    if (!this.opcoes.sensorPorta || !this.moverPorta(porta, "aberta")) return false;
    this.alarmar("porta_forcada", porta);
    return true;
  }

  /** Someone holds the door open (a pulse's closing is cancelled): after `portaAbertaAlarmeMs`, the 'held open' alarm. */
  manterAberta(porta: number): boolean {
    if (!this.portas.has(porta)) return false;
    this.cancelar(this.fechamentos, porta);
    this.moverPorta(porta, "aberta");
    return true;
  }

  /** The door closes (by hand, or after being held). */
  fecharPorta(porta: number): boolean {
    if (!this.portas.has(porta)) return false;
    this.cancelar(this.fechamentos, porta);
    this.moverPorta(porta, "fechada");
    return true;
  }

  /**
   * Someone identifies at the device (face, card, QR, PIN) at `porta`. Online mode: the device asks
   * the portal and does what it answers (grant: relay pulse and the portal's message; deny: only the
   * message). Monitor or push mode, or no integration: the device decides by the people it holds,
   * and in monitor and push mode reports the decision. Either way the access is a numbered line of
   * its log.
   */
  async identificar(identificacao: Identificacao, porta = 1): Promise<Decisao> {
    if (!this.portas.has(porta)) throw new Error(`Porta inexistente: ${porta}`);
    const pessoa = this.reconhecer(identificacao);
    const registro = this.registrar({ tipo: "acesso", porta, pessoaId: pessoa?.id, identificacao: { ...identificacao } }) as RegistroDeAcesso;
    const integracao = this.integracaoAtual;
    let decisao: Decisao;
    let portas: number[];
    if (integracao?.modo === "online") {
      const resposta = await this.relatar(this.protocolo.pergunta(this, registro), registro, "pergunta");
      const doPortal = resposta && this.protocolo.decisao(resposta, porta);
      // No answer within prazoDoPortalMs (5 s), an error, or an answer the device cannot read: it
      // denies with 'Sem comunicação com o servidor'. Real firmware can be set to fall back to its
      // own list; the simulator denies, so a portal outage shows at the gate instead of hiding.
      decisao = doPortal ? { concedido: doPortal.concedido, mensagem: doPortal.mensagem } : { concedido: false, mensagem: SEM_COMUNICACAO };
      portas = doPortal?.concedido ? doPortal.portas.filter((p) => this.portas.has(p)) : [];
    } else {
      const concedido = !!pessoa && !pessoa.bloqueada;
      const mensagem = concedido ? MENSAGEM_DO_APARELHO.concedido : pessoa ? MENSAGEM_DO_APARELHO.negado : MENSAGEM_DO_APARELHO.naoIdentificado;
      decisao = { concedido, mensagem };
      portas = concedido ? [porta] : [];
    }
    registro.concedido = decisao.concedido;
    for (const p of portas) this.pulsar(p);
    this.ultimaMensagem = decisao.mensagem;
    const acesso = this.protocolo.acesso?.bind(this.protocolo);
    if ((integracao?.modo === "monitor" || integracao?.modo === "push") && acesso) this.relatarEvento(registro, () => acesso(this, registro));
    return decisao;
  }

  /**
   * Whom the device recognises: a face it holds (the person's id, enrolled with a face), a card's
   * holder, or the holder of a QR code it keeps. A PIN, and a QR it does not keep, are only the portal's to resolve.
   */
  private reconhecer({ tipo, valor }: Identificacao): PessoaNoSimulado | null {
    if (tipo === "face") {
      const pessoa = this.pessoas.get(valor);
      return pessoa?.face ? pessoa : null;
    }
    if (tipo === "cartao") return [...this.pessoas.values()].find((p) => p.cartoes.includes(valor)) ?? null;
    if (tipo === "qrcode") return [...this.pessoas.values()].find((p) => p.qrcodes?.includes(valor)) ?? null;
    return null;
  }

  private alarmar(tipo: "porta_forcada" | "porta_mantida_aberta", porta: number): void {
    const registro = this.registrar({ tipo, porta });
    this.relatarEvento(registro, (p) => p.alarme(this, registro));
  }

  /** Reports a log line when integrated (its number is already taken: the line exists either way). */
  private relatarEvento(registro: RegistroDoSimulado, montar: (protocolo: ProtocoloDeEventos) => ChamadaAoPortal): void {
    if (!this.integracaoAtual) return;
    void this.relatar(montar(this.protocolo), registro, "evento");
  }

  /**
   * Queues a call to the portal. An event (a log line; a heartbeat is none) takes the armed
   * faults: `perderProximo` the next numbered one (never sent, its number stays used; the caller
   * sees no answer), `duplicarProximo` the next one (sent twice, the same bytes, one after the
   * other; the device acts on the first answer). Resolves with the first answer, or null.
   */
  private relatar(chamada: ChamadaAoPortal, evento: RegistroDoSimulado | null, tipo: TipoDeChamada): Promise<RespostaDoPortal | null> {
    const integracao = this.integracaoAtual;
    if (!integracao) return Promise.resolve(null);
    if (evento?.numero !== undefined && this.perderProximo) {
      this.perderProximo = false;
      return Promise.resolve(null);
    }
    const vezes = evento && this.duplicarProximo ? 2 : 1;
    if (evento) this.duplicarProximo = false;
    const envio = this.fila.then(async () => {
      const primeira = await this.chamar(integracao.url, chamada, tipo);
      for (let i = 1; i < vezes; i++) await this.chamar(integracao.url, chamada, tipo);
      return primeira;
    });
    this.fila = envio.catch(() => null);
    return envio;
  }

  /** One HTTP call; never throws: a failure is counted and the answer is null. */
  private async chamar(url: string, chamada: ChamadaAoPortal, tipo: TipoDeChamada): Promise<RespostaDoPortal | null> {
    // A slow device is slow to send as well as to answer; the portal's time limit starts once it sends.
    if (this.atrasoMs > 0) await esperar(this.atrasoMs);
    if (this.offline) return this.falhou("fora da rede");
    const inicio = performance.now();
    const medir = (status: number | null) => this.aoChamar?.({ tipo, ms: performance.now() - inicio, status });
    try {
      const resposta = await fetch(chamada.caminho ? `${url.replace(/\/+$/, "")}/${chamada.caminho}` : url, {
        method: chamada.metodo,
        ...(chamada.tipoDoCorpo ? { headers: { "content-type": chamada.tipoDoCorpo } } : {}),
        ...(chamada.corpo !== undefined ? { body: chamada.corpo } : {}),
        signal: AbortSignal.timeout(this.opcoes.prazoDoPortalMs),
      });
      const corpo = await resposta.text();
      medir(resposta.status);
      if (!resposta.ok) return this.falhou(`HTTP ${resposta.status}`);
      this.enviosEntregues++;
      return { status: resposta.status, corpo };
    } catch (error) {
      medir(null);
      return this.falhou(error instanceof Error ? error.message : String(error));
    }
  }

  private falhou(motivo: string): null {
    this.enviosFalhos++;
    this.ultimaFalhaDeEnvio = motivo;
    return null;
  }

  /** Resolves once every call queued so far has ended: lets a test say what was (not) sent. */
  async aguardarEnvios(): Promise<void> {
    let fila: Promise<unknown>;
    do {
      fila = this.fila;
      await fila;
    } while (fila !== this.fila);
  }

  /** The heartbeat runs while integrated and on; offline it skips its beat. */
  private reiniciarVida(): void {
    if (this.vida) clearInterval(this.vida);
    this.vida = null;
    if (!this.integracaoAtual || this.opcoes.vidaMs <= 0) return;
    this.vida = setInterval(() => {
      if (!this.offline) void this.relatar(this.protocolo.vida(this), null, "vida");
    }, this.opcoes.vidaMs);
    this.vida.unref();
  }

  /**
   * Push mode: polls every `pushMs` while integrated in push mode; offline it skips the tick, and a
   * tick while a poll is under way, or while an early poll is due (`POLL_APOS_PEDIDO_MS`), is
   * skipped too: polls never overlap nor come closer than that after a performed request.
   */
  private reiniciarBusca(): void {
    this.pararBusca();
    if (this.integracaoAtual?.modo !== "push" || this.opcoes.pushMs <= 0) return;
    this.busca = setInterval(() => {
      if (!this.drenagem) void this.buscarPedido();
    }, this.opcoes.pushMs);
    this.busca.unref();
  }

  private pararBusca(): void {
    if (this.busca) clearInterval(this.busca);
    if (this.drenagem) clearTimeout(this.drenagem);
    this.busca = null;
    this.drenagem = null;
  }

  /**
   * One push poll: asks the portal for a request, performs it unless its id was already performed,
   * and posts how it went. A poll that fails (offline, unreachable, timed out, non-2xx) is counted
   * in the failures and simply tried again at the next tick. An answer that arrives after the
   * device was switched off or its integration changed is dropped, as a device that rebooted
   * would never see it. After performing a request (not after `{}`, nor after only reporting again
   * a request already performed) the next poll comes `POLL_APOS_PEDIDO_MS` later when that is
   * sooner than the next tick.
   */
  private async buscarPedido(): Promise<void> {
    const integracao = this.integracaoAtual;
    const { busca, pedido: lerPedido } = this.protocolo;
    if (this.buscando || this.offline || integracao?.modo !== "push" || !busca || !lerPedido) return;
    this.buscando = true;
    try {
      const resposta = await this.chamar(integracao.url, busca.call(this.protocolo, this), "busca");
      const atual = this.integracaoAtual;
      if (!resposta || this.busca === null || atual?.modo !== "push" || atual.url !== integracao.url) return;
      const pedido = lerPedido.call(this.protocolo, this, resposta);
      if (!pedido) return;
      let relato = this.pedidosExecutados.get(pedido.id);
      const executado = !relato;
      if (!relato) {
        // Remembered before the report goes out: whatever happens to the report, the id is done.
        relato = pedido.executar();
        this.pedidosExecutados.set(pedido.id, relato);
        if (this.pedidosExecutados.size > PEDIDOS_LEMBRADOS) this.pedidosExecutados.delete(this.pedidosExecutados.keys().next().value!);
      }
      await this.chamar(integracao.url, relato, "relato");
      // A repeated id only re-reports: a portal stuck handing it out is polled at the normal pace.
      if (executado && this.busca !== null && !this.drenagem && POLL_APOS_PEDIDO_MS < this.opcoes.pushMs) {
        this.drenagem = setTimeout(() => {
          this.drenagem = null;
          void this.buscarPedido();
        }, POLL_APOS_PEDIDO_MS);
        this.drenagem.unref();
      }
    } finally {
      this.buscando = false;
    }
  }

  private depois(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private cancelar(timers: Map<number, NodeJS.Timeout>, porta: number): void {
    const timer = timers.get(porta);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
    timers.delete(porta);
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
    this.reiniciarVida();
    this.reiniciarBusca();
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
    this.fechamentos.clear();
    this.alarmesDePortaAberta.clear();
    if (this.vida) clearInterval(this.vida);
    this.vida = null;
    this.pararBusca();
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
