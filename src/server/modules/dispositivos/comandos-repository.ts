import { and, desc, eq, gt, inArray, lt, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Comando, EstadoComando } from "@shared/schemas/comandos";
import type { PortaDispositivo } from "@shared/schemas/dispositivos";
import type { Db } from "../../db/client";
import { comandosDispositivo, dispositivos, registrosAcesso } from "../../db/schema";
import { condominioInScope, type CondominioNoEscopo, type CondominioScope } from "../../scope";
import { toIso } from "../common";

// The commands' queries (gate-operation-spec §2.2). Every read of a device or a record takes the
// condominium the scope check handed out; a command's state only moves forward, each transition a
// conditional UPDATE that one caller alone can win (two instances never both send a command).

/** A device as a command needs it: where to call, how, and what it said last. */
export interface DispositivoDoComando {
  id: string;
  condominio_id: string;
  nome: string;
  fabricante: "controlid" | "intelbras";
  modelo: string;
  conexao: "direta" | "saida";
  endereco: string | null;
  usuario: string | null;
  senha: string | null;
  portas: PortaDispositivo[];
  sensor_porta: boolean;
  estado: "online" | "offline" | "erro";
  ultimo_contato_em: Date | string | null;
}

const colunasDoDispositivo = {
  id: dispositivos.id,
  condominio_id: dispositivos.condominio_id,
  nome: dispositivos.nome,
  fabricante: dispositivos.fabricante,
  modelo: dispositivos.modelo,
  conexao: dispositivos.conexao,
  endereco: dispositivos.endereco,
  usuario: dispositivos.usuario,
  senha: dispositivos.senha,
  portas: dispositivos.portas,
  sensor_porta: dispositivos.sensor_porta,
  estado: dispositivos.estado,
  ultimo_contato_em: dispositivos.ultimo_contato_em,
};

const colunasDoComando = {
  id: comandosDispositivo.id,
  dispositivo_id: comandosDispositivo.dispositivo_id,
  porta: comandosDispositivo.porta,
  registro_id: comandosDispositivo.registro_id,
  solicitado_por: comandosDispositivo.solicitado_por,
  solicitado_por_nome: comandosDispositivo.solicitado_por_nome,
  estado: comandosDispositivo.estado,
  motivo_falha: comandosDispositivo.motivo_falha,
  solicitado_em: comandosDispositivo.solicitado_em,
  enviado_em: comandosDispositivo.enviado_em,
  executado_em: comandosDispositivo.executado_em,
  aberta_em: comandosDispositivo.aberta_em,
  fechada_em: comandosDispositivo.fechada_em,
};
/** A command as read (the drivers give dates as Date or text). */
export interface ComandoRow {
  id: string;
  dispositivo_id: string;
  porta: number;
  registro_id: string | null;
  solicitado_por: string;
  solicitado_por_nome: string;
  estado: EstadoComando;
  motivo_falha: string | null;
  solicitado_em: Date | string;
  enviado_em: Date | string | null;
  executado_em: Date | string | null;
  aberta_em: Date | string | null;
  fechada_em: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : toIso(v));

/** A command as the API answers it: with its device's and door's names. */
export function comandoView(row: ComandoRow, dispositivo: Pick<DispositivoDoComando, "id" | "nome" | "condominio_id" | "portas" | "sensor_porta">): Comando {
  return {
    id: row.id,
    condominio_id: dispositivo.condominio_id,
    dispositivo: { id: dispositivo.id, nome: dispositivo.nome },
    porta: row.porta,
    porta_nome: dispositivo.portas.find((p) => p.numero === row.porta)?.nome ?? `Porta ${row.porta}`,
    sensor_porta: dispositivo.sensor_porta,
    registro_id: row.registro_id,
    solicitado_por_nome: row.solicitado_por_nome,
    estado: row.estado,
    motivo_falha: row.motivo_falha,
    solicitado_em: toIso(row.solicitado_em),
    enviado_em: iso(row.enviado_em),
    executado_em: iso(row.executado_em),
    aberta_em: iso(row.aberta_em),
    fechada_em: iso(row.fechada_em),
  };
}

/** The time column each state stamps when reached. */
function carimbo(estado: EstadoComando, agora: Date) {
  switch (estado) {
    case "enviado":
      return { enviado_em: agora };
    case "executado":
      return { executado_em: agora };
    case "aberta":
      return { aberta_em: agora };
    case "fechada":
      return { fechada_em: agora };
    default:
      return {};
  }
}

export function comandosRepository(db: Db) {
  /** The first command (in `ordem`) that `onde` finds, with its device. */
  const umComando = async (onde: SQL | undefined, ordem: SQL | AnyPgColumn) => {
    const [row] = await db
      .select({ comando: colunasDoComando, dispositivo: colunasDoDispositivo })
      .from(comandosDispositivo)
      .innerJoin(dispositivos, eq(dispositivos.id, comandosDispositivo.dispositivo_id))
      .where(onde)
      .orderBy(ordem)
      .limit(1);
    return row ? { comando: row.comando as ComandoRow, dispositivo: row.dispositivo as DispositivoDoComando } : null;
  };

  return {
    /** The active devices of the condominium, for 'Portões' (§2.2). */
    async dispositivosAtivos(condominioId: CondominioNoEscopo): Promise<DispositivoDoComando[]> {
      return (await db
        .select(colunasDoDispositivo)
        .from(dispositivos)
        .where(and(eq(dispositivos.condominio_id, condominioId), eq(dispositivos.ativo, true)))
        .orderBy(dispositivos.nome, dispositivos.id)) as DispositivoDoComando[];
    },

    /** An active device of the condominium; null otherwise (another condominium's is as unknown). */
    async dispositivoAtivo(condominioId: CondominioNoEscopo, id: string): Promise<DispositivoDoComando | null> {
      const [row] = await db
        .select(colunasDoDispositivo)
        .from(dispositivos)
        .where(and(eq(dispositivos.id, id), eq(dispositivos.condominio_id, condominioId), eq(dispositivos.ativo, true)));
      return (row as DispositivoDoComando | undefined) ?? null;
    },

    /** An access record of the condominium, for 'Registrar e abrir': its result, direction and time. */
    async registro(condominioId: CondominioNoEscopo, id: string) {
      const [row] = await db
        .select({
          id: registrosAcesso.id,
          resultado: registrosAcesso.resultado,
          sentido: registrosAcesso.sentido,
          registrado_em: registrosAcesso.registrado_em,
        })
        .from(registrosAcesso)
        .where(and(eq(registrosAcesso.id, id), eq(registrosAcesso.condominio_id, condominioId)));
      return row ?? null;
    },

    /** The new command, or null when the same user's key already named one (then nothing is written). */
    async inserir(q: Db, valores: typeof comandosDispositivo.$inferInsert): Promise<ComandoRow | null> {
      const [row] = await q
        .insert(comandosDispositivo)
        .values(valores)
        .onConflictDoNothing({ target: [comandosDispositivo.solicitado_por, comandosDispositivo.chave_idempotencia] })
        .returning(colunasDoComando);
      return (row as ComandoRow | undefined) ?? null;
    },

    async porChave(q: Db, solicitadoPor: string, chave: string): Promise<ComandoRow | null> {
      const [row] = await q
        .select(colunasDoComando)
        .from(comandosDispositivo)
        .where(and(eq(comandosDispositivo.solicitado_por, solicitadoPor), eq(comandosDispositivo.chave_idempotencia, chave)));
      return (row as ComandoRow | undefined) ?? null;
    },

    async ligarRegistro(q: Db, id: string, registroId: string): Promise<ComandoRow> {
      const [row] = await q.update(comandosDispositivo).set({ registro_id: registroId }).where(eq(comandosDispositivo.id, id)).returning(colunasDoComando);
      return row as ComandoRow;
    },

    /** A command of a device of the scope's condominiums, or null. */
    async doEscopo(id: string, scope: CondominioScope): Promise<{ comando: ComandoRow; dispositivo: DispositivoDoComando } | null> {
      return umComando(and(eq(comandosDispositivo.id, id), condominioInScope(scope, dispositivos.condominio_id)), comandosDispositivo.solicitado_em);
    },

    /** The condominium's latest commands, newest first (the console shows them on load). */
    async recentes(condominioId: CondominioNoEscopo, limite: number) {
      const rows = await db
        .select({ comando: colunasDoComando, dispositivo: colunasDoDispositivo })
        .from(comandosDispositivo)
        .innerJoin(dispositivos, eq(dispositivos.id, comandosDispositivo.dispositivo_id))
        .where(eq(dispositivos.condominio_id, condominioId))
        .orderBy(desc(comandosDispositivo.solicitado_em), desc(comandosDispositivo.id))
        .limit(limite);
      return rows.map((r) => ({ comando: r.comando as ComandoRow, dispositivo: r.dispositivo as DispositivoDoComando }));
    },

    /**
     * Moves the command from one of `de` to `para` (stamping its time, or writing why it failed);
     * null when it was no longer in `de` — somebody else moved it first.
     */
    async mover(id: string, de: readonly EstadoComando[], para: EstadoComando, motivo: string | null = null): Promise<ComandoRow | null> {
      const [row] = await db
        .update(comandosDispositivo)
        .set({ estado: para, motivo_falha: para === "falhou" ? motivo : null, ...carimbo(para, new Date()) })
        .where(and(eq(comandosDispositivo.id, id), inArray(comandosDispositivo.estado, [...de])))
        .returning(colunasDoComando);
      return (row as ComandoRow | undefined) ?? null;
    },

    /** The oldest command still waiting for a device that calls out, asked within its timeout. */
    async aguardando(dispositivoId: string, desde: Date) {
      return umComando(
        and(eq(comandosDispositivo.dispositivo_id, dispositivoId), eq(comandosDispositivo.estado, "solicitado"), gt(comandosDispositivo.solicitado_em, desde)),
        comandosDispositivo.solicitado_em,
      );
    },

    /** A command of this device (what a push result names). */
    async doDispositivo(dispositivoId: string, id: string) {
      return umComando(and(eq(comandosDispositivo.dispositivo_id, dispositivoId), eq(comandosDispositivo.id, id)), comandosDispositivo.solicitado_em);
    },

    /** The latest command of a door still in one of `de` (asked in the last 2 minutes): what a door event completes. */
    async ultimoNaPorta(dispositivoId: string, porta: number, de: readonly EstadoComando[]) {
      return umComando(
        and(
          eq(comandosDispositivo.dispositivo_id, dispositivoId),
          eq(comandosDispositivo.porta, porta),
          inArray(comandosDispositivo.estado, [...de]),
          gt(comandosDispositivo.solicitado_em, new Date(Date.now() - 120_000)),
        ),
        desc(comandosDispositivo.solicitado_em),
      );
    },

    /**
     * Commands still in `estado` since before `antes`, with their device: what the sweeper ends.
     * 'executado' counts only where a sensor must still see the door open.
     */
    async parados(estado: "solicitado" | "enviado" | "executado", antes: Date, limite = 100) {
      const campo =
        estado === "solicitado" ? comandosDispositivo.solicitado_em : estado === "enviado" ? comandosDispositivo.enviado_em : comandosDispositivo.executado_em;
      const rows = await db
        .select({ comando: colunasDoComando, dispositivo: colunasDoDispositivo })
        .from(comandosDispositivo)
        .innerJoin(dispositivos, eq(dispositivos.id, comandosDispositivo.dispositivo_id))
        .where(and(eq(comandosDispositivo.estado, estado), lt(campo, antes), estado === "executado" ? eq(dispositivos.sensor_porta, true) : undefined))
        .orderBy(comandosDispositivo.solicitado_em)
        .limit(limite);
      return rows.map((r) => ({ comando: r.comando as ComandoRow, dispositivo: r.dispositivo as DispositivoDoComando }));
    },
  };
}
