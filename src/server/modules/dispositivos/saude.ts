import type { FastifyBaseLogger } from "fastify";
import { SILENCIO_MAX_S, TEXTO_DO_ALARME, type Alarme } from "@shared/schemas/alarmes";
import type { Db } from "../../db/client";
import type { TempoReal } from "../../realtime";
import { eventosRepository } from "./eventos-repository";
import { dispositivosRepository } from "./repository";

// A device's health (gate-operation-spec §2.3): every contact, whoever made it — a command, 'Testar
// conexão', a call of the device's own, the sweep that finds it silent — moves its state here, and
// the move to offline raises 'Dispositivo offline: <nome>.' on the consoles while the move back
// ends it. One place, so no path can take a device offline without the alarm; and the one place
// that raises an alarm and announces it.

export type Contato = Parameters<ReturnType<typeof dispositivosRepository>["registrarContato"]>[1];

export function saudeDosDispositivos(db: Db, tempoReal: TempoReal, log?: FastifyBaseLogger) {
  const dispositivos = dispositivosRepository(db);
  const eventos = eventosRepository(db);

  const avisar = async (alarme: Alarme | null) => {
    if (alarme) await tempoReal.avisar(db, { tipo: "alarme", condominio_id: alarme.condominio.id, dados: alarme });
  };
  /** Raises an alarm and announces it to the condominium's consoles (nothing when it was open already). */
  const alarmar = async (valores: Parameters<typeof eventos.alarmar>[1]) => avisar(await eventos.alarmar(db, valores));

  async function transicao(id: string, antes: string, depois: Contato["estado"], quem: { condominio_id: string; nome: string }) {
    if (depois === "offline" && antes !== "offline") {
      // One open alarm per device (a unique index): two instances raise it once.
      await alarmar({
        condominio_id: quem.condominio_id,
        dispositivo_id: id,
        tipo: "dispositivo_offline",
        mensagem: TEXTO_DO_ALARME.dispositivo_offline(quem.nome),
      });
    } else if (depois !== "offline" && antes === "offline") {
      for (const alarme of await eventos.encerrarOffline(db, id)) await avisar(alarme);
    }
  }

  return {
    alarmar,

    /** What a contact showed, and its alarm when the device went offline or came back. */
    async contato(id: string, contato: Contato): Promise<void> {
      const feito = await dispositivos.registrarContato(id, contato);
      if (feito) await transicao(id, feito.antes, contato.estado, feito);
    },

    /**
     * The sweep (§2.3): a device silent for 120 s is offline, with its alarm. Any instance may
     * run it; each device goes offline once (a conditional UPDATE).
     */
    async varrer(agora = Date.now()): Promise<number> {
      const antes = new Date(agora - SILENCIO_MAX_S * 1000);
      let n = 0;
      for (const calado of await eventos.calados(antes)) {
        if (!(await eventos.desligar(calado.id, antes))) continue;
        n++;
        await transicao(calado.id, calado.estado, "offline", calado);
      }
      if (n > 0) log?.info({ dispositivos: n }, "dispositivos sem contato há 120 s: offline");
      return n;
    },
  };
}

export type SaudeDosDispositivos = ReturnType<typeof saudeDosDispositivos>;
