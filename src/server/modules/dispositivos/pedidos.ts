import { and, eq, lt, sql } from "drizzle-orm";
import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { queryRows, type Database, type Db } from "../../db/client";
import { pedidosDispositivo } from "../../db/schema";
import { FalhaDoDispositivo, type CanalDeSaida, type PedidoEntregue, type RespostaPelaSaida } from "../../dispositivos/drivers/tipos";

// The way to a device that calls out (push mode, gate-operation-spec §2.1 'saida', §2.5): the
// portal cannot call it, so a request waits in the database until the device next asks for one,
// on whichever instance it asks, and its result comes back the same way. The instance that asked
// waits for the result: told at once by NOTIFY at the result's commit (heard by every instance),
// and reading the row now and then in case that was missed. docs/decisions/0270-sincronizacao-pela-saida.md.

export const CANAL_DOS_PEDIDOS = "portal_pedidos_dispositivo";
/** A request the device did not ask for in this long fails: the device is not polling. */
export const PRAZO_DE_BUSCA_MS = 30_000;
/** How often a waiting request reads its row when no NOTIFY came (a dropped LISTEN connection). */
const RELEITURA_MS = 2_000;
/**
 * A request handed out whose result never came (the device's post was lost, or refused by the
 * rate limit) is handed out again after this long, with the same uuid: the device reports it
 * again (the simulator performs each uuid once; decision 0270).
 */
const REENTREGA_MS = 10_000;
/** Rows a killed process left behind are deleted this long after they stopped mattering. */
const SOBRA_MS = 10 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Linha = typeof pedidosDispositivo.$inferSelect;

const respostaDe = (l: Pick<Linha, "resposta" | "erro">): RespostaPelaSaida => ({ resposta: l.resposta, erro: l.erro });

export async function pedidosPelaSaida(db: Db, database: Pick<Database, "listen">) {
  /** The requests this process waits for, by id: woken by the NOTIFY of their result. */
  const esperando = new Map<string, () => void>();
  const pararDeOuvir = await database.listen(CANAL_DOS_PEDIDOS, (id) => {
    // No payload: the LISTEN connection came back after a drop; every waiter reads again.
    if (id === undefined) for (const acordar of esperando.values()) acordar();
    else esperando.get(id)?.();
  });
  let encerrado = false;

  /** Waits for a NOTIFY of `id`, or `ms`: whichever comes first. */
  const aguardar = (id: string, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(fim, ms);
      function fim() {
        clearTimeout(timer);
        esperando.delete(id);
        resolve();
      }
      esperando.set(id, fim);
    });

  /** Deletes the request and gives what it held (a result that came at the last moment is not lost). */
  async function retirar(id: string): Promise<Linha | undefined> {
    const [linha] = await db.delete(pedidosDispositivo).where(eq(pedidosDispositivo.id, id)).returning();
    return linha;
  }

  return {
    /**
     * The channel to one device. `aoPedir` runs before each request (the synchronisation renews its
     * hold on the device with it).
     */
    canal(dispositivoId: string, aoPedir?: () => Promise<void>): CanalDeSaida {
      return {
        async pedir(pedido, opcoes) {
          if (encerrado) throw new FalhaDoDispositivo("sem_resposta", FALHA_DO_DISPOSITIVO.semResposta(Math.round(opcoes.prazoMs / 1000)));
          await aoPedir?.();
          const inicio = Date.now();
          const buscaMs = Math.min(opcoes.prazoMs, PRAZO_DE_BUSCA_MS);
          const [{ id }] = (await db
            .insert(pedidosDispositivo)
            .values({
              dispositivo_id: dispositivoId,
              verbo: pedido.verbo,
              endpoint: pedido.endpoint,
              corpo: JSON.stringify(pedido.corpo),
              expira_em: sql`now() + make_interval(secs => ${buscaMs / 1000})`,
            })
            .returning({ id: pedidosDispositivo.id })) as [{ id: string }];
          for (;;) {
            const [linha] = await db.select().from(pedidosDispositivo).where(eq(pedidosDispositivo.id, id));
            if (!linha) throw new FalhaDoDispositivo("sem_resposta", FALHA_DO_DISPOSITIVO.semResposta(Math.round(opcoes.prazoMs / 1000)));
            if (linha.estado === "respondido") {
              await retirar(id);
              return respostaDe(linha);
            }
            const passou = Date.now() - inicio;
            if (linha.estado === "aguardando" && passou >= buscaMs) {
              // Only while nobody fetched it: one handed out this instant is waited for.
              const [retirado] = await db
                .delete(pedidosDispositivo)
                .where(and(eq(pedidosDispositivo.id, id), eq(pedidosDispositivo.estado, "aguardando")))
                .returning({ id: pedidosDispositivo.id });
              if (retirado) throw new FalhaDoDispositivo("sem_resposta", FALHA_DO_DISPOSITIVO.naoBuscouPedido(Math.round(buscaMs / 1000)));
              continue;
            }
            if (passou >= opcoes.prazoMs || encerrado) {
              const ultima = await retirar(id);
              if (ultima?.estado === "respondido") return respostaDe(ultima);
              throw new FalhaDoDispositivo("sem_resposta", FALHA_DO_DISPOSITIVO.semResposta(Math.round(opcoes.prazoMs / 1000)));
            }
            const limite = linha.estado === "aguardando" ? buscaMs : opcoes.prazoMs;
            await aguardar(id, Math.max(1, Math.min(RELEITURA_MS, limite - passou)));
          }
        },
      };
    },

    /**
     * The device asks for its next request (push poll): its oldest one still waiting (or handed out
     * 10 s ago without a result), handed out once per poll (two polls at once never both get it).
     * Null: nothing to do.
     */
    async entregar(dispositivoId: string): Promise<PedidoEntregue | null> {
      const [linha] = await queryRows<{ id: string; verbo: string; endpoint: string; corpo: string }>(
        db,
        sql`update ${pedidosDispositivo} set estado = 'entregue', entregue_em = now()
            where id = (
              select id from ${pedidosDispositivo}
              where dispositivo_id = ${dispositivoId}
                and ((estado = 'aguardando' and expira_em > now())
                  or (estado = 'entregue' and entregue_em < now() - make_interval(secs => ${REENTREGA_MS / 1000})))
              order by criado_em limit 1 for update skip locked
            )
            returning id, verbo, endpoint, corpo`,
      );
      return linha ?? null;
    },

    /**
     * The device says how a request went: kept for the instance that waits for it, which hears of
     * it at commit. False: no request of this device has that id (a command's, or one given up on).
     */
    async responder(dispositivoId: string, resultado: { id: string; erro: string | null; resposta: unknown }): Promise<boolean> {
      if (!UUID.test(resultado.id)) return false;
      const resposta = resultado.erro !== null ? null : typeof resultado.resposta === "string" ? resultado.resposta : JSON.stringify(resultado.resposta ?? {});
      const feitos = await queryRows<{ id: string }>(
        db,
        sql`with feito as (
              update ${pedidosDispositivo} set estado = 'respondido', resposta = ${resposta}, erro = ${resultado.erro?.slice(0, 500) ?? null}, respondido_em = now()
              where id = ${resultado.id} and dispositivo_id = ${dispositivoId} and estado <> 'respondido'
              returning id
            )
            select id, pg_notify(${CANAL_DOS_PEDIDOS}, id::text) from feito`,
      );
      return feitos.length > 0;
    },

    /** The sweep: rows a killed process left behind (nobody waits for them any more). */
    async limpar(): Promise<number> {
      const apagados = await db
        .delete(pedidosDispositivo)
        .where(lt(pedidosDispositivo.expira_em, new Date(Date.now() - SOBRA_MS)))
        .returning({ id: pedidosDispositivo.id });
      return apagados.length;
    },

    /** The server is closing: waiting requests give up now (their rounds end; the next one repeats them). */
    async parar(): Promise<void> {
      encerrado = true;
      for (const acordar of esperando.values()) acordar();
      await pararDeOuvir();
    },
  };
}

export type PedidosPelaSaida = Awaited<ReturnType<typeof pedidosPelaSaida>>;
