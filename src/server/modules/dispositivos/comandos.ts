import type { FastifyBaseLogger } from "fastify";
import { MSG } from "@shared/messages";
import {
  FALHA_DO_COMANDO,
  PRAZO_DO_COMANDO_MS,
  PRAZO_DO_COMANDO_S,
  PRAZO_DO_SENSOR_S,
  type AbrirPortaData,
  type Comando,
  type EstadoComando,
  type Portao,
} from "@shared/schemas/comandos";
import { FALHA_DO_DISPOSITIVO, NAO_IDENTIFICADO_NOME } from "@shared/schemas/dispositivos";
import { formatDesde } from "@shared/time";
import type { Db } from "../../db/client";
import { FalhaDoDispositivo, type AlvoDoDispositivo, type Drivers } from "../../dispositivos/drivers";
import { AppError, notFound } from "../../errors";
import type { TempoReal } from "../../realtime";
import type { CondominioNoEscopo, CondominioScope } from "../../scope";
import { toIso } from "../common";
import { controleAcessoRepository } from "../controle-acesso/repository";
import { comandoView, comandosRepository, type ComandoRow, type DispositivoDoComando } from "./comandos-repository";
import type { SaudeDosDispositivos } from "./saude";
import { alvoDoDispositivo, type CofreDeSenhas } from "./senha";

// Opening a door from the console (gate-operation-spec §2.2). A request becomes ONE command (its
// idempotency key), made in the same transaction as the access record it belongs to, and the one
// instance that moves it from 'solicitado' to 'enviado' calls the device, once. Every transition
// is announced to the consoles (realtime.ts) and every command ends: 'falhou' at its timeout at
// the latest, by this process or, if it died, by any instance's sweeper.

const PRAZO_DO_SENSOR_MS = PRAZO_DO_SENSOR_S * 1000;
/** How often the door sensor is read while a command waits for it. */
const LEITURA_DO_SENSOR_MS = 250;
/** How long after opening the door's closing is still followed. */
const ACOMPANHA_FECHAMENTO_MS = 120_000;
/** How old an entry may be for 'Registrar e abrir' to open the door for it. */
const REGISTRO_RECENTE_MS = 10 * 60_000;

/** Who asks: recorded on the command and, for an opening without a person, on its record. */
export interface Solicitante {
  id: string;
  nome: string;
}

export interface ComandosDeps {
  db: Db;
  drivers: Drivers;
  cofre: CofreDeSenhas;
  tempoReal: TempoReal;
  /** A command's contact with the device moves its health (and its alarm). */
  saude: SaudeDosDispositivos;
  log?: FastifyBaseLogger;
}

class ComandoRepetido extends Error {}

export function comandosService({ db, drivers, cofre, tempoReal, saude, log }: ComandosDeps) {
  const repo = comandosRepository(db);
  const registros = controleAcessoRepository(db);
  /** The watchers of this process, stopped on close. */
  const vigias = new Set<AbortController>();

  async function avisar(comando: Comando): Promise<void> {
    await tempoReal.avisar(db, { tipo: "comando", condominio_id: comando.condominio_id, dados: comando });
  }

  /** Moves a command and tells the consoles; null when another caller moved it first. */
  async function mover(dispositivo: DispositivoDoComando, id: string, de: readonly EstadoComando[], para: EstadoComando, motivo: string | null = null) {
    const row = await repo.mover(id, de, para, motivo);
    if (!row) return null;
    const comando = comandoView(row, dispositivo);
    await avisar(comando);
    return comando;
  }

  function alvo(dispositivo: DispositivoDoComando): AlvoDoDispositivo {
    const encontrado = alvoDoDispositivo(cofre, dispositivo);
    if (!encontrado) throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.senhaIlegivel);
    return encontrado;
  }

  /** The reason shown for a device that did not answer: since when it is offline, when known. */
  function motivoDaFalha(error: FalhaDoDispositivo, dispositivo: DispositivoDoComando): string {
    const semContato = error.motivo === "sem_resposta" || error.motivo === "inalcancavel";
    if (semContato && dispositivo.estado === "offline" && dispositivo.ultimo_contato_em)
      return FALHA_DO_COMANDO.offlineDesde(formatDesde(dispositivo.ultimo_contato_em));
    return error.message;
  }

  /** Sends a command this process made, once: only the caller that moves it to 'enviado' calls the device. */
  async function enviar(row: ComandoRow, dispositivo: DispositivoDoComando): Promise<void> {
    if (!(await mover(dispositivo, row.id, ["solicitado"], "enviado"))) return;
    try {
      await drivers[dispositivo.fabricante].abrir(alvo(dispositivo), row.porta, { prazoMs: PRAZO_DO_COMANDO_MS });
    } catch (error) {
      if (!(error instanceof FalhaDoDispositivo)) throw error;
      // The device's state first: whoever sees 'falhou' and asks again meets the reason of a known-offline device.
      const semContato = error.motivo === "sem_resposta" || error.motivo === "inalcancavel";
      await saude.contato(dispositivo.id, semContato ? { estado: "offline" } : { estado: "erro", erro: error.message });
      await mover(dispositivo, row.id, ["enviado"], "falhou", motivoDaFalha(error, dispositivo));
      return;
    }
    await saude.contato(dispositivo.id, { estado: "online", firmware: null });
    const executado = await mover(dispositivo, row.id, ["enviado"], "executado");
    // Without a sensor the last state is 'executado': the screen never claims the door opened.
    if (executado && dispositivo.sensor_porta) await vigiarPorta(row, dispositivo);
  }

  /** Reads the door sensor until the door opens (or 10 s pass: 'falhou'), then until it closes. */
  async function vigiarPorta(row: ComandoRow, dispositivo: DispositivoDoComando): Promise<void> {
    const parar = new AbortController();
    vigias.add(parar);
    const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
    const ler = async () => {
      try {
        return await drivers[dispositivo.fabricante].estadoDaPorta(alvo(dispositivo), row.porta, { prazoMs: 2000 });
      } catch {
        return null; // a missed reading is read again
      }
    };
    try {
      const ateAbrir = Date.now() + PRAZO_DO_SENSOR_MS;
      let aberta = false;
      while (!parar.signal.aborted && Date.now() < ateAbrir) {
        if ((await ler()) === "aberta") {
          aberta = true;
          break;
        }
        await esperar(LEITURA_DO_SENSOR_MS);
      }
      if (parar.signal.aborted) return;
      if (!aberta) {
        await mover(dispositivo, row.id, ["executado"], "falhou", FALHA_DO_COMANDO.portaNaoAbriu);
        return;
      }
      if (!(await mover(dispositivo, row.id, ["executado"], "aberta"))) return;
      const ateFechar = Date.now() + ACOMPANHA_FECHAMENTO_MS;
      while (!parar.signal.aborted && Date.now() < ateFechar) {
        await esperar(LEITURA_DO_SENSOR_MS);
        if ((await ler()) === "fechada") {
          await mover(dispositivo, row.id, ["aberta"], "fechada");
          return;
        }
      }
    } finally {
      vigias.delete(parar);
    }
  }

  /** Runs `fn` without waiting; a failure is logged, never thrown at nobody. */
  const emSegundoPlano = (fn: () => Promise<void>) =>
    void fn().catch((error: unknown) => log?.error({ err: error }, "comando de dispositivo: falha inesperada"));

  return {
    /** 'Portões' (§2.2): the doors of the condominium's active devices. */
    async portoes(condominioId: CondominioNoEscopo): Promise<Portao[]> {
      const ativos = await repo.dispositivosAtivos(condominioId);
      return ativos.flatMap((d) =>
        d.portas.map((porta) => ({
          dispositivo: { id: d.id, nome: d.nome },
          porta: porta.numero,
          nome: porta.nome,
          sentido: porta.sentido,
          sensor_porta: d.sensor_porta,
          estado_dispositivo: d.estado,
          ultimo_contato_em: d.ultimo_contato_em === null ? null : toIso(d.ultimo_contato_em),
        })),
      );
    },

    /**
     * 'Abrir' / 'Registrar e abrir': the command, new or the one this key already made. A new one
     * to a device the portal calls is sent now; one to a device that calls out waits for it.
     */
    async abrir(
      condominioId: CondominioNoEscopo,
      quem: Solicitante,
      pedido: Omit<AbrirPortaData, "condominio_id">,
    ): Promise<{ comando: Comando; novo: boolean }> {
      const dispositivo = await repo.dispositivoAtivo(condominioId, pedido.dispositivo_id);
      const porta = dispositivo?.portas.find((p) => p.numero === pedido.porta);
      if (!dispositivo || !porta) throw notFound(MSG.portaoNotFound);

      const repetido = async () => {
        const existente = await repo.porChave(db, quem.id, pedido.chave_idempotencia);
        if (!existente) throw new Error("comando repetido sem linha");
        if (existente.dispositivo_id !== dispositivo.id || existente.porta !== porta.numero) throw AppError.from(409, "CONFLICT", MSG.comandoChaveRepetida);
        return { comando: comandoView(existente, dispositivo), novo: false };
      };
      const valores = {
        dispositivo_id: dispositivo.id,
        porta: porta.numero,
        solicitado_por: quem.id,
        solicitado_por_nome: quem.nome,
        chave_idempotencia: pedido.chave_idempotencia,
        registro_id: pedido.registro_id ?? null,
      };

      let novo: ComandoRow;
      if (pedido.registro_id) {
        // 'Registrar e abrir': the entry (or exit) just let in, of this condominium.
        const registro = await repo.registro(condominioId, pedido.registro_id);
        const recente = registro && Date.now() - new Date(registro.registrado_em).getTime() <= REGISTRO_RECENTE_MS;
        if (!registro || registro.resultado !== "liberado" || !recente)
          throw AppError.from(400, "VALIDATION_ERROR", MSG.registroParaAbrir, { registro_id: MSG.registroParaAbrir.message });
        const inserido = await repo.inserir(db, valores);
        if (!inserido) return repetido();
        novo = inserido;
      } else {
        // Nobody registered: the reason makes a record of who, when and why, in the command's transaction.
        const feito: { comando?: ComandoRow } = {};
        try {
          await registros.registrar(
            {
              condominio_id: condominioId,
              tipo_pessoa: "nao_identificado",
              nome_pessoa: NAO_IDENTIFICADO_NOME,
              sentido: porta.sentido,
              resultado: "liberado",
              motivo: pedido.motivo ?? null,
              metodo: "remoto",
              autorizado_por: quem.nome,
              operador_id: quem.id,
              operador_nome: quem.nome,
            },
            null,
            null,
            async (tx) => {
              const inserido = await repo.inserir(tx as unknown as Db, valores);
              if (!inserido) throw new ComandoRepetido();
              feito.comando = inserido;
            },
            async (tx, registro) => {
              feito.comando = await repo.ligarRegistro(tx as unknown as Db, feito.comando!.id, registro.id);
            },
          );
        } catch (error) {
          if (error instanceof ComandoRepetido) return repetido();
          throw error;
        }
        novo = feito.comando!;
      }
      const comando = comandoView(novo, dispositivo);
      await avisar(comando);
      // A device behind NAT fetches its commands (push mode); the sweeper fails one it did not fetch in time.
      if (dispositivo.conexao === "direta") emSegundoPlano(() => enviar(novo, dispositivo));
      return { comando, novo: true };
    },

    /** One command of a condominium the user serves (another's is as unknown as none). */
    async comando(scope: CondominioScope, id: string): Promise<Comando> {
      const found = await repo.doEscopo(id, scope);
      if (!found) throw notFound(MSG.comandoNotFound);
      return comandoView(found.comando, found.dispositivo);
    },

    /** The condominium's latest commands, newest first. */
    async recentes(condominioId: CondominioNoEscopo, limite = 20): Promise<Comando[]> {
      return (await repo.recentes(condominioId, limite)).map((r) => comandoView(r.comando, r.dispositivo));
    },

    /**
     * Ends what no process is taking care of any more (its process died, or a device that calls
     * out never fetched its command): any instance may run it, each end is won once.
     */
    async varrer(agora = Date.now()): Promise<number> {
      let finalizados = 0;
      const folga = 2000;
      for (const { comando, dispositivo } of await repo.parados("solicitado", new Date(agora - PRAZO_DO_COMANDO_MS - folga))) {
        const motivo = dispositivo.conexao === "saida" ? FALHA_DO_COMANDO.naoBuscou : FALHA_DO_DISPOSITIVO.semResposta(PRAZO_DO_COMANDO_S);
        if (await mover(dispositivo, comando.id, ["solicitado"], "falhou", motivo)) finalizados++;
      }
      for (const { comando, dispositivo } of await repo.parados("enviado", new Date(agora - PRAZO_DO_COMANDO_MS - folga))) {
        if (await mover(dispositivo, comando.id, ["enviado"], "falhou", FALHA_DO_DISPOSITIVO.semResposta(PRAZO_DO_COMANDO_S))) finalizados++;
      }
      for (const { comando, dispositivo } of await repo.parados("executado", new Date(agora - PRAZO_DO_SENSOR_MS - folga))) {
        if (await mover(dispositivo, comando.id, ["executado"], "falhou", FALHA_DO_COMANDO.portaNaoAbriu)) finalizados++;
      }
      return finalizados;
    },

    /** Stops following doors (the server is closing); the sweeper of another instance ends what is left. */
    parar() {
      for (const vigia of vigias) vigia.abort();
    },

    /**
     * A device that calls out fetches its next command (push): the oldest one still waiting, moved
     * to 'enviado' by whoever wins it (two fetches at once never both get it). Null: nothing to do.
     */
    async buscarParaODispositivo(dispositivoId: string): Promise<{ id: string; porta: number; modelo: string } | null> {
      for (let tentativa = 0; tentativa < 3; tentativa++) {
        const achado = await repo.aguardando(dispositivoId, new Date(Date.now() - PRAZO_DO_COMANDO_MS));
        if (!achado) return null;
        if (await mover(achado.dispositivo, achado.comando.id, ["solicitado"], "enviado")) {
          return { id: achado.comando.id, porta: achado.comando.porta, modelo: achado.dispositivo.modelo };
        }
      }
      return null;
    },

    /**
     * How a fetched command went, as the device says: done (its door events complete it) or failed
     * with the device's reason. False: no command of this device has that id (a request's, pedidos.ts).
     */
    async resultadoDoDispositivo(dispositivoId: string, resultado: { id: string; ok: boolean; erro: string | null }): Promise<boolean> {
      const achado = await repo.doDispositivo(dispositivoId, resultado.id);
      if (!achado) return false;
      const { comando, dispositivo } = achado;
      if (resultado.ok) await mover(dispositivo, comando.id, ["enviado"], "executado");
      else await mover(dispositivo, comando.id, ["enviado"], "falhou", `Dispositivo recusou o comando: ${(resultado.erro ?? "erro").slice(0, 150)}.`);
      return true;
    },

    /** A door event (§2.3) completes the door's latest command: opened after 'executado', closed after 'aberta'. */
    async portaMoveu(dispositivoId: string, porta: number, estado: "aberta" | "fechada"): Promise<void> {
      const de = estado === "aberta" ? (["executado"] as const) : (["aberta"] as const);
      const ultimo = await repo.ultimoNaPorta(dispositivoId, porta, de);
      if (ultimo) await mover(ultimo.dispositivo, ultimo.comando.id, de, estado);
    },
  };
}

export type ComandosService = ReturnType<typeof comandosService>;
