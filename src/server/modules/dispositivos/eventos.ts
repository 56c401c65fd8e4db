import type { FastifyBaseLogger } from "fastify";
import { TEXTO_DO_ALARME, type TipoAlarme } from "@shared/schemas/alarmes";
import { PRAZO_DO_COMANDO_MS } from "@shared/schemas/comandos";
import type { Db } from "../../db/client";
import { pgErrorCode } from "../../errors";
import {
  ChamadaInvalida,
  FalhaDoDispositivo,
  type ChamadaDoDispositivo,
  type DecisaoDoPortal,
  type EventoDoDispositivo,
  type LinhasDoRegistro,
} from "../../dispositivos/drivers/tipos";
import type { Drivers } from "../../dispositivos/drivers";
import type { PortariaService } from "../controle-acesso/service";
import type { Tx } from "../controle-acesso/repository";
import type { ComandosService } from "./comandos";
import type { PedidosPelaSaida } from "./pedidos";
import { eventosRepository, type DispositivoQueRelata, type Lacuna } from "./eventos-repository";
import { dispositivosRepository } from "./repository";
import type { SaudeDosDispositivos } from "./saude";
import { alvoDoDispositivo, type CofreDeSenhas } from "./senha";

// What devices report (gate-operation-spec §2.3), vendor-free: a driver reads the vendor's call
// into neutral events (drivers/tipos.ts); here each is stored once, an identification is decided
// by the console's own service and recorded, a door event completes the door's command, and what
// an operator must see becomes an alarm on every console of the condominium.
// docs/decisions/0265-eventos-dos-dispositivos.md. A gap in the device's numbering is read back from
// its own log when the portal can call it: docs/decisions/0269-lacunas-no-registro.md.

export interface EventosDeps {
  db: Db;
  drivers: Drivers;
  portaria: PortariaService;
  comandos: ComandosService;
  saude: SaudeDosDispositivos;
  /** Opens the stored password of a device whose log the portal reads (a gap). */
  cofre: CofreDeSenhas;
  /** Requests waiting for devices that call out (push mode). */
  pedidos: PedidosPelaSaida;
  log?: FastifyBaseLogger;
}

/** At most this many lines of one gap are read from the device: a bigger one (a device reset, a long outage) reads its newest part, the rest is announced. */
const LACUNA_MAXIMA = 1000;

export interface RespostaAoDispositivo {
  status: number;
  tipo: string;
  corpo: string;
}

/** What the decision of an event is kept as (in its `dados`), to answer a repeated delivery the same. */
interface DecisaoGuardada {
  concedido: boolean;
  mensagem: string;
  nome: string | null;
  usuario: string | null;
}

const desconhecido = () => new ChamadaInvalida(404, "Dispositivo desconhecido.");

export function eventosService({ db, drivers, portaria, comandos, saude, cofre, pedidos, log }: EventosDeps) {
  const repo = eventosRepository(db);
  const cadastro = dispositivosRepository(db);
  /** Gap fetches under way in this process: awaited on close. */
  const pendentes = new Set<Promise<void>>();

  const alarmar = (dispositivo: DispositivoQueRelata, tipo: TipoAlarme, mensagem: string) =>
    saude.alarmar({ condominio_id: dispositivo.condominio_id, dispositivo_id: dispositivo.id, tipo, mensagem });

  const nomeDaPorta = (dispositivo: DispositivoQueRelata, porta: number | null) => {
    const nome = dispositivo.portas.find((p) => p.numero === porta)?.nome;
    return nome && dispositivo.portas.length > 1 ? `${dispositivo.nome} — ${nome}` : (nome ?? dispositivo.nome);
  };

  /** Who the identifier names, in the device's own condominium only. */
  async function quem(dispositivo: DispositivoQueRelata, evento: EventoDoDispositivo) {
    const id = evento.identificador;
    if (!id) return null;
    if (id.tipo === "qrcode") return portaria.pessoaDoDispositivo(dispositivo.condominio_id, dispositivo.id, { qrcode: id.valor });
    if (id.tipo === "pin") return portaria.pessoaDoDispositivo(dispositivo.condominio_id, dispositivo.id, { codigo: id.valor });
    // A face, card or tag the device knows is one of its users; the synchronisation says whose. A
    // card it does not know (not synchronised yet, or never written to it) is the residents' registry's.
    const chave = id.tipo === "cartao" ? await repo.pessoaDoCartao(dispositivo.condominio_id, id.valor) : await repo.pessoaDoUsuario(dispositivo.id, id.valor);
    return chave ? portaria.pessoaDoDispositivo(dispositivo.condominio_id, dispositivo.id, { chave }) : null;
  }

  /** An identification: decided (or taken as the device decided), recorded with its event in one transaction. */
  async function identificacao(dispositivo: DispositivoQueRelata, evento: EventoDoDispositivo): Promise<DecisaoGuardada> {
    const porta = dispositivo.portas.find((p) => p.numero === evento.porta) ?? dispositivo.portas[0]!;
    const pessoa = await quem(dispositivo, evento);
    const usuario = evento.identificador?.tipo === "usuario" ? evento.identificador.valor : null;
    const nome = pessoa?.nome_pessoa ?? null;
    const resultado = await portaria.registrarPeloDispositivo(
      dispositivo.condominio_id,
      dispositivo,
      { quem: pessoa, sentido: porta.sentido, decisaoDoDispositivo: evento.decisao_do_dispositivo },
      async (tx: Tx, row, decisao) => {
        // Stored with its record and its decision, which is what a repeated delivery is answered.
        const novo = await repo.guardar(tx, {
          dispositivo_id: dispositivo.id,
          id_no_dispositivo: evento.id_no_dispositivo,
          tipo: "identificacao",
          ocorrido_em: evento.ocorrido_em,
          dados: { ...evento.dados, meio: evento.identificador?.meio ?? null, decisao: { ...decisao, nome, usuario } },
          registro_id: row.id,
        });
        // Delivered twice at once: the other delivery stored it; this record must not stay.
        if (!novo) throw new EventoRepetido();
      },
    );
    const guardada = { concedido: resultado.concedido, mensagem: resultado.mensagem, nome, usuario };
    if (evento.decisao_do_dispositivo === "concedido" && resultado.recusa) {
      await alarmar(dispositivo, "liberacao_indevida", TEXTO_DO_ALARME.liberacao_indevida(resultado.recusa));
    }
    return guardada;
  }

  /**
   * The same delivery twice at once: one records it, the other meets the event (or the presence
   * the first opened) and answers with the first one's decision. A presence opened by another gate
   * at that instant is decided once more.
   */
  async function decidirUmaVez(dispositivo: DispositivoQueRelata, evento: EventoDoDispositivo, tentativa = 0): Promise<DecisaoGuardada | null> {
    try {
      return await identificacao(dispositivo, evento);
    } catch (error) {
      if (!(error instanceof EventoRepetido) && pgErrorCode(error) !== "23505") throw error;
      const primeiro = await repo.evento(dispositivo.id, evento.id_no_dispositivo);
      if (primeiro) return (primeiro.dados as { decisao?: DecisaoGuardada }).decisao ?? null;
      if (tentativa === 0) return decidirUmaVez(dispositivo, evento, 1);
      throw error;
    }
  }

  /** A door, an alarm of the device's own: stored once; a new one acts. */
  async function outro(dispositivo: DispositivoQueRelata, evento: EventoDoDispositivo): Promise<void> {
    const novo = await repo.guardar(db, {
      dispositivo_id: dispositivo.id,
      id_no_dispositivo: evento.id_no_dispositivo,
      tipo: evento.tipo,
      ocorrido_em: evento.ocorrido_em,
      dados: evento.dados,
    });
    if (!novo) return;
    const porta = evento.porta ?? 1;
    if (evento.tipo === "porta_aberta" || evento.tipo === "porta_fechada") {
      await comandos.portaMoveu(dispositivo.id, porta, evento.tipo === "porta_aberta" ? "aberta" : "fechada");
    } else if (evento.tipo === "porta_forcada") {
      await alarmar(dispositivo, "porta_forcada", TEXTO_DO_ALARME.porta_forcada(nomeDaPorta(dispositivo, porta)));
    } else if (evento.tipo === "porta_mantida_aberta") {
      await alarmar(dispositivo, "porta_aberta_demais", TEXTO_DO_ALARME.porta_aberta_demais(nomeDaPorta(dispositivo, porta)));
    }
  }

  /** One event as the device delivered it (or as its log reads back): stored once; an identification's decision, when it made one. */
  async function processar(dispositivo: DispositivoQueRelata, evento: EventoDoDispositivo): Promise<DecisaoGuardada | null> {
    if (evento.tipo !== "identificacao") {
      await outro(dispositivo, evento);
      return null;
    }
    const antes = await repo.evento(dispositivo.id, evento.id_no_dispositivo);
    if (antes) return (antes.dados as { decisao?: DecisaoGuardada | null }).decisao ?? null;
    return decidirUmaVez(dispositivo, evento);
  }

  /** The gap's lines from the device's own log; null when the portal cannot call it (connects out, no address, a password that no longer opens). */
  async function lerDoAparelho(dispositivo: DispositivoQueRelata, lacuna: { de: number; ate: number }): Promise<LinhasDoRegistro | null> {
    const conexao = await cadastro.alvo({ all: false, ids: [dispositivo.condominio_id] }, dispositivo.id);
    if (!conexao || conexao.conexao !== "direta" || !conexao.endereco) return null;
    const alvo = alvoDoDispositivo(cofre, conexao);
    if (!alvo) return null;
    return drivers[dispositivo.fabricante].registros(alvo, lacuna, { prazoMs: PRAZO_DO_COMANDO_MS });
  }

  /**
   * A gap: read from the device's log and each line handled as if the device had delivered it (the
   * unique event number makes a line both read here and delivered late one record); what the log no
   * longer has, or all of it when the device cannot be read, is 'Eventos perdidos: N'.
   */
  async function preencher(dispositivo: DispositivoQueRelata, lacuna: Lacuna): Promise<void> {
    const pedido = { de: Math.max(lacuna.de, lacuna.ate - LACUNA_MAXIMA + 1), ate: lacuna.ate };
    const recuperados = new Set<number>();
    try {
      const lidas = await lerDoAparelho(dispositivo, pedido);
      for (const n of lidas?.numerosVistos ?? []) if (n >= pedido.de && n <= pedido.ate) recuperados.add(n);
      for (const evento of lidas?.eventos ?? []) {
        if (evento.numero === null || evento.numero < pedido.de || evento.numero > pedido.ate) continue;
        await processar(dispositivo, evento);
        recuperados.add(evento.numero);
      }
    } catch (error) {
      // The device did not answer, or a line could not be recorded: what was not recovered is announced.
      if (!(error instanceof FalhaDoDispositivo)) log?.error({ err: error, dispositivo: dispositivo.id }, "lacuna na numeração: falha ao ler o registro");
      else log?.warn({ dispositivo: dispositivo.id, motivo: error.motivo }, "lacuna na numeração: registro do dispositivo ilegível");
    }
    const perdidos = lacuna.ate - lacuna.de + 1 - recuperados.size;
    if (perdidos > 0) await alarmar(dispositivo, "eventos_perdidos", TEXTO_DO_ALARME.eventos_perdidos(perdidos));
    await repo.lacunaResolvida(lacuna.id);
  }

  /** Work on gaps in this process, awaited on close (`encerrar`). */
  function acompanhar<T>(trabalho: Promise<T>): Promise<T> {
    const feito = trabalho.then(
      () => undefined,
      () => undefined,
    );
    pendentes.add(feito);
    void feito.finally(() => pendentes.delete(feito));
    return trabalho;
  }

  /** Runs after the device's answer: it waits for nothing here. Never lost silently: an unexpected failure is logged, the gap's own failures are its alarm. */
  function emSegundoPlano(fn: () => Promise<void>): void {
    void acompanhar(fn()).catch((error: unknown) => log?.error({ err: error }, "lacuna na numeração: falha inesperada"));
  }

  return {
    /**
     * A call to `/api/integracoes/<fabricante>/<token>/<caminho>`: the device is its token's, active,
     * of an active condominium, or the call is a 404 that says nothing more.
     */
    async receber(fabricante: string, token: string, chamada: ChamadaDoDispositivo): Promise<RespostaAoDispositivo> {
      const driver = drivers[fabricante as keyof Drivers];
      if (!driver || !/^[A-Za-z0-9_-]{32,100}$/.test(token)) throw desconhecido();
      const dispositivo = await repo.porToken(fabricante, token);
      if (!dispositivo) throw desconhecido();
      const leitura = driver.integracao.ler(chamada);
      await saude.contato(dispositivo.id, { estado: "online", firmware: null });
      let decisao: DecisaoDoPortal | null = null;
      for (const [i, evento] of leitura.eventos.entries()) {
        const guardada = await processar(dispositivo, evento);
        if (i === 0 && leitura.pedeDecisao && guardada) {
          decisao = { ...guardada, porta: evento.porta ?? dispositivo.portas[0]!.numero };
        }
      }
      // Push mode: a device that calls out fetches its command (an opening first: nobody waits at
      // the gate behind a synchronisation) or request, and says how it went.
      const resultado = leitura.resultadoDeComando;
      if (resultado && !(await comandos.resultadoDoDispositivo(dispositivo.id, resultado))) await pedidos.responder(dispositivo.id, resultado);
      const comando = leitura.buscaComando ? ((await comandos.buscarParaODispositivo(dispositivo.id)) ?? (await pedidos.entregar(dispositivo.id))) : null;
      // In the device's order, whatever order the call listed them in.
      const numeros = [...leitura.eventos.map((e) => e.numero), ...(leitura.numerosVistos ?? [])].filter((n): n is number => n !== null).sort((a, b) => a - b);
      for (const numero of numeros) {
        // The row lock of the numbering's move lets exactly one caller (of two instances, or a late
        // delivery racing) see a given gap; a late delivery inside it is below the highest and sees none.
        const lacuna = await repo.numerar(dispositivo.id, numero);
        // Read after the answer: the device waits for its HTTP answer, not for its own log.
        if (lacuna) emSegundoPlano(() => preencher(dispositivo, lacuna));
      }
      return leitura.responder(decisao, comando);
    },

    /**
     * The sweep: gaps whose reading a killed process never finished are read now, or announced.
     * Returns how many were taken.
     */
    async retomarLacunas(): Promise<number> {
      return acompanhar(
        (async () => {
          const abandonadas = await repo.lacunasAbandonadas();
          for (const lacuna of abandonadas) await preencher(lacuna.dispositivo, lacuna);
          return abandonadas.length;
        })(),
      );
    },

    /** Waits for the gap fetches under way (the server is closing). */
    async encerrar(): Promise<void> {
      while (pendentes.size > 0) await Promise.all([...pendentes]);
    },

    recentes: repo.recentes,
    alarmes: repo.alarmes,
    ciente: repo.ciente,
  };
}

/** Thrown inside the record's transaction when the event was stored meanwhile: the record is rolled back. */
class EventoRepetido extends Error {}

export type EventosService = ReturnType<typeof eventosService>;
