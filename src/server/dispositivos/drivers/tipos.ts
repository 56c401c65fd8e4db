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
  /**
   * A device that calls out (push mode): the driver's requests go through this channel instead of
   * to `endereco`, handed to the device when it next asks for one (docs/decisions/0270).
   */
  canal?: CanalDeSaida;
}

/** A request for a device that calls out, as its vendor's push protocol carries it. */
export interface PedidoPelaSaida {
  verbo: "GET" | "POST";
  /** The vendor's endpoint ('load_objects.fcgi'). */
  endpoint: string;
  /** A JSON body. */
  corpo: unknown;
}

/** What the device said of a request: its answer, or its error text. */
export interface RespostaPelaSaida {
  /** The answer as the device posted it (an object, or its JSON text). */
  resposta: unknown;
  erro: string | null;
}

/** The way to a device that calls out: a request waits for its next poll, then for its result. */
export interface CanalDeSaida {
  /** Resolves with the device's result; a FalhaDoDispositivo when it did not fetch or answer in time. */
  pedir(pedido: PedidoPelaSaida, opcoes: OpcoesDeChamada): Promise<RespostaPelaSaida>;
}

/** A request handed to a device at its poll (push): the one to write in the vendor's answer. */
export interface PedidoEntregue {
  id: string;
  verbo: string;
  endpoint: string;
  /** JSON text. */
  corpo: string;
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

/**
 * Someone a device must let in (§2.4), as the portal writes them to it. `usuario` is the number
 * the portal gave the person on this device (portaria_web_pessoas_dispositivo): what the device
 * reports back when it recognises them.
 */
export interface PessoaParaODispositivo {
  /** A decimal number (Control iD's user ids are integers; Intelbras' UserID takes it as text). */
  usuario: string;
  nome: string;
  /**
   * Cards and tags: the number as printed and read, in decimal digits without leading zeros (the
   * residents' registry, src/shared/schemas/cartoes.ts). Each driver writes it in its vendor's form.
   */
  cartoes: string[];
  /** A JPEG or PNG for face recognition: only of a resident who consented (LGPD art. 11). */
  foto: Buffer | null;
  /**
   * QR codes the device accepts for the person (a pre-authorised visitor's signed payload,
   * visitantes/codigo.ts), on drivers that `guardaQrcodes`. Absent: the driver leaves the device's
   * QR codes as they are (residents and providers have none; a firmware without them is untouched).
   */
  qrcodes?: string[];
}

export interface DriverDeDispositivo {
  readonly fabricante: Fabricante;
  /**
   * Whether its devices keep QR codes per user (Control iD's `qrcodes`): only then do today's
   * pre-authorised visitors go to them. Otherwise the device asks the portal about a QR (online mode).
   */
  readonly guardaQrcodes: boolean;
  /**
   * Whether its devices that connect out (behind NAT) take requests through their polling, so that
   * the synchronisation reaches them (Control iD's push mode). Otherwise such a device is not
   * synchronised: it asks the portal on each identification (Intelbras' Modo Online).
   */
  readonly sincronizaPelaSaida: boolean;
  /** 'Testar conexão' (§2.1): signs in and reads the device's identity and clock. */
  identificar(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<IdentidadeDoDispositivo>;
  /** One relay pulse on `porta` (the registry's door number, from 1). Resolves when the device accepted it. */
  abrir(alvo: AlvoDoDispositivo, porta: number, opcoes: OpcoesDeChamada): Promise<void>;
  /** What the door sensor of `porta` reads now (devices with `sensor_porta`). */
  estadoDaPorta(alvo: AlvoDoDispositivo, porta: number, opcoes: OpcoesDeChamada): Promise<"aberta" | "fechada">;
  /** Forgets what the driver keeps for a device (its session): after an edit of it, or its removal. */
  esquecer(id: string): void;
  /** The user numbers the device holds now, read from the device itself (a removal counts only when this no longer lists it). */
  usuarios(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<string[]>;
  /** Writes the person to the device, replacing what it held under that number (name, cards, face; no face removes it). */
  gravarUsuario(alvo: AlvoDoDispositivo, pessoa: PessoaParaODispositivo, opcoes: OpcoesDeChamada): Promise<void>;
  /** Removes the user (cards and face with it); removing one the device does not hold is no error. */
  removerUsuario(alvo: AlvoDoDispositivo, usuario: string, opcoes: OpcoesDeChamada): Promise<void>;
  /**
   * The numbered lines `de`..`ate` (inclusive) of the device's own log, read from the device (a gap
   * in the numbering its calls showed, §2.3): each as the neutral event its call would have been,
   * with the device's decision on an identification. A number the log no longer holds is in
   * neither list. docs/decisions/0269-lacunas-no-registro.md.
   */
  registros(alvo: AlvoDoDispositivo, trecho: { de: number; ate: number }, opcoes: OpcoesDeChamada): Promise<LinhasDoRegistro>;
  /** The calls its devices make to the portal (§2.3). */
  readonly integracao: IntegracaoDoFabricante;
}

/** Lines read back from a device's log. */
export interface LinhasDoRegistro {
  eventos: EventoDoDispositivo[];
  /** Numbers of lines the portal has no use for (a button's opening): there, so not lost. */
  numerosVistos: number[];
}

// --- What devices report (§2.3): a driver reads its vendor's call into neutral events, and writes
// the portal's decision back in its vendor's answer. docs/decisions/0265-eventos-dos-dispositivos.md.

/** A call a device made to its integration address: the part of the path after the token. */
export interface ChamadaDoDispositivo {
  metodo: string;
  /** '' for the address itself, 'new_user_identified.fcgi', 'api/notifications/dao'... */
  caminho: string;
  /** The query string, without '?' ('deviceId=1&uuid=...'). */
  consulta: string;
  tipoDoCorpo: string | undefined;
  corpo: Buffer;
}

/** Who identified themselves at the device, as the device names them. */
export interface Identificador {
  /** 'usuario': the device's own user number (a face, a card or a tag it knows); the others as read. */
  tipo: "usuario" | "cartao" | "qrcode" | "pin";
  valor: string;
  /** How: shown in the record's details. */
  meio: "face" | "cartao" | "qrcode" | "pin" | "biometria" | "desconhecido";
}

export const TIPOS_EVENTO = ["identificacao", "porta_aberta", "porta_fechada", "porta_forcada", "porta_mantida_aberta"] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

export interface EventoDoDispositivo {
  /** The device's own id of the event (its log number, or one derived from the content). */
  id_no_dispositivo: string;
  /** The device's log number, where it numbers in sequence: a jump is a gap. */
  numero: number | null;
  tipo: TipoEvento;
  ocorrido_em: Date;
  /** The registry's door number (from 1); null when the device did not say. */
  porta: number | null;
  identificador?: Identificador;
  /** The device decided alone (monitor mode): what it did. Absent when it asks the portal. */
  decisao_do_dispositivo?: "concedido" | "negado" | "nao_identificado";
  /** What the vendor sent, trimmed of nothing secret: kept in the event's `dados`. */
  dados: Record<string, unknown>;
}

/** The portal's answer to an identification the device asked about. */
export interface DecisaoDoPortal {
  concedido: boolean;
  /** The text for the device's screen. */
  mensagem: string;
  porta: number;
  nome: string | null;
  /** The device's user number, when the person was one of its users. */
  usuario: string | null;
}

/** A command a device that calls out fetched (push mode): open `porta`. */
export interface ComandoParaODispositivo {
  id: string;
  porta: number;
  modelo: string;
}

/** What a driver read from a call, and how to answer it. */
export interface LeituraDaChamada {
  eventos: EventoDoDispositivo[];
  /** The device waits for the portal's decision on `eventos[0]` (online mode). */
  pedeDecisao: boolean;
  /** Numbers of the device's log the portal has no use for (a button's opening): seen, so no gap. */
  numerosVistos?: number[];
  /** The device asks for its next command (push mode): the answer carries it, or nothing. */
  buscaComando?: boolean;
  /** The device says how a command or a request it fetched went (`resposta`: what it answered). */
  resultadoDeComando?: { id: string; ok: boolean; erro: string | null; resposta: unknown };
  /** The vendor's answer; `decisao` when the device asked for one, `comando` when it fetched a command or a request. */
  responder(decisao: DecisaoDoPortal | null, comando?: ComandoParaODispositivo | PedidoEntregue | null): { status: number; tipo: string; corpo: string };
}

/** A call the driver does not understand (bad body, unknown path): 400 or 404 to the device. */
export class ChamadaInvalida extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = "ChamadaInvalida";
  }
}

/** The vendor's protocol for calls from its devices (one per driver). */
export interface IntegracaoDoFabricante {
  /** Reads a call; throws ChamadaInvalida for one it cannot read. */
  ler(chamada: ChamadaDoDispositivo): LeituraDaChamada;
}
