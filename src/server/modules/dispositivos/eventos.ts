import { TEXTO_DO_ALARME, type TipoAlarme } from "@shared/schemas/alarmes";
import type { Db } from "../../db/client";
import { pgErrorCode } from "../../errors";
import { ChamadaInvalida, type ChamadaDoDispositivo, type DecisaoDoPortal, type EventoDoDispositivo } from "../../dispositivos/drivers/tipos";
import type { Drivers } from "../../dispositivos/drivers";
import type { PortariaService } from "../controle-acesso/service";
import type { Tx } from "../controle-acesso/repository";
import type { ComandosService } from "./comandos";
import { eventosRepository, type DispositivoQueRelata } from "./eventos-repository";
import type { SaudeDosDispositivos } from "./saude";

// What devices report (gate-operation-spec §2.3), vendor-free: a driver reads the vendor's call
// into neutral events (drivers/tipos.ts); here each is stored once, an identification is decided
// by the console's own service and recorded, a door event completes the door's command, and what
// an operator must see becomes an alarm on every console of the condominium.
// docs/decisions/0265-eventos-dos-dispositivos.md.

export interface EventosDeps {
  db: Db;
  drivers: Drivers;
  portaria: PortariaService;
  comandos: ComandosService;
  saude: SaudeDosDispositivos;
}

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

export function eventosService({ db, drivers, portaria, comandos, saude }: EventosDeps) {
  const repo = eventosRepository(db);

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

  /** A jump in the device's numbering: what was skipped never arrived ('Eventos perdidos: N'). */
  async function conferirNumeracao(dispositivo: DispositivoQueRelata, numero: number): Promise<void> {
    const antes = await repo.numerar(dispositivo.id, numero);
    if (antes === null || numero <= antes + 1) return;
    const perdidos = numero - antes - 1;
    // TODO(issue 28): on a direct connection, read the skipped range from the device's log first.
    await alarmar(dispositivo, "eventos_perdidos", TEXTO_DO_ALARME.eventos_perdidos(perdidos));
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
        if (evento.tipo !== "identificacao") {
          await outro(dispositivo, evento);
          continue;
        }
        const antes = await repo.evento(dispositivo.id, evento.id_no_dispositivo);
        let guardada = (antes?.dados as { decisao?: DecisaoGuardada | null } | undefined)?.decisao ?? null;
        if (!antes) guardada = await decidirUmaVez(dispositivo, evento);
        if (i === 0 && leitura.pedeDecisao && guardada) {
          decisao = { ...guardada, porta: evento.porta ?? dispositivo.portas[0]!.numero };
        }
      }
      // Push mode: a device that calls out fetches its command, and says how it went.
      if (leitura.resultadoDeComando) await comandos.resultadoDoDispositivo(dispositivo.id, leitura.resultadoDeComando);
      const comando = leitura.buscaComando ? await comandos.buscarParaODispositivo(dispositivo.id) : null;
      // In the device's order, whatever order the call listed them in.
      const numeros = [...leitura.eventos.map((e) => e.numero), ...(leitura.numerosVistos ?? [])].filter((n): n is number => n !== null).sort((a, b) => a - b);
      for (const numero of numeros) await conferirNumeracao(dispositivo, numero);
      return leitura.responder(decisao, comando);
    },

    recentes: repo.recentes,
    alarmes: repo.alarmes,
    ciente: repo.ciente,
  };
}

/** Thrown inside the record's transaction when the event was stored meanwhile: the record is rolled back. */
class EventoRepetido extends Error {}

export type EventosService = ReturnType<typeof eventosService>;
