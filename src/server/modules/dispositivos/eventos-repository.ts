import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Alarme, TipoAlarme } from "@shared/schemas/alarmes";
import type { EventoDispositivo, PortaDispositivo } from "@shared/schemas/dispositivos";
import { queryRows, type Db } from "../../db/client";
import { alarmes, condominios, dispositivos, eventosDispositivo, lacunasDispositivo, pessoasDispositivo, registrosAcesso } from "../../db/schema";
import { cartoesRepository } from "../biometria/repository";
import { condominioInScope, type CondominioNoEscopo, type CondominioScope } from "../../scope";
import { toIso } from "../common";

// What devices report and the alarms it raises (gate-operation-spec §2.3). A device is found by
// its token alone, and only while it, and its condominium, are active: everything it reports is
// read and written for that condominium only.

/** The device a call came from. */
export interface DispositivoQueRelata {
  id: string;
  /** The token's device's own condominium (active): the only one its events touch. */
  condominio_id: CondominioNoEscopo;
  nome: string;
  fabricante: "controlid" | "intelbras";
  conexao: "direta" | "saida";
  portas: PortaDispositivo[];
  estado: "online" | "offline" | "erro";
}

/** How someone identified themselves, in the page's words. */
const MEIO: Record<string, string> = { face: "rosto", cartao: "cartão", qrcode: "QR Code", pin: "PIN", biometria: "biometria" };

type Q = Pick<Db, "select" | "insert" | "update" | "execute">;

/** Numbers a device skipped, `de`..`ate` inclusive, as written down until read (`id`). */
export interface Lacuna {
  id: string;
  de: number;
  ate: number;
}

const colunasDoDispositivo = {
  id: dispositivos.id,
  condominio_id: dispositivos.condominio_id,
  nome: dispositivos.nome,
  fabricante: dispositivos.fabricante,
  conexao: dispositivos.conexao,
  portas: dispositivos.portas,
  estado: dispositivos.estado,
};

const colunasDoAlarme = {
  id: alarmes.id,
  condominio_id: alarmes.condominio_id,
  condominio_nome: condominios.nome,
  dispositivo_id: alarmes.dispositivo_id,
  dispositivo_nome: dispositivos.nome,
  tipo: alarmes.tipo,
  mensagem: alarmes.mensagem,
  criado_em: alarmes.criado_em,
  encerrado_em: alarmes.encerrado_em,
  ciente_por_nome: alarmes.ciente_por_nome,
  ciente_em: alarmes.ciente_em,
};
type AlarmeRow = { [K in keyof typeof colunasDoAlarme]: unknown } & { tipo: TipoAlarme };

export function alarmeView(r: AlarmeRow): Alarme {
  return {
    id: r.id as string,
    condominio: { id: r.condominio_id as string, nome: r.condominio_nome as string },
    dispositivo: r.dispositivo_id ? { id: r.dispositivo_id as string, nome: (r.dispositivo_nome as string | null) ?? "" } : null,
    tipo: r.tipo,
    mensagem: r.mensagem as string,
    criado_em: toIso(r.criado_em as Date)!,
    encerrado_em: r.encerrado_em ? toIso(r.encerrado_em as Date) : null,
    ciente_por_nome: (r.ciente_por_nome as string | null) ?? null,
    ciente_em: r.ciente_em ? toIso(r.ciente_em as Date) : null,
  };
}

export function eventosRepository(db: Db) {
  const lerAlarme = (q: Q) =>
    q
      .select(colunasDoAlarme)
      .from(alarmes)
      .innerJoin(condominios, eq(condominios.id, alarmes.condominio_id))
      .leftJoin(dispositivos, eq(dispositivos.id, alarmes.dispositivo_id));

  return {
    /** The active device of an active condominium that holds this token (the URL's secret). */
    async porToken(fabricante: string, token: string): Promise<DispositivoQueRelata | null> {
      const [row] = await db
        .select(colunasDoDispositivo)
        .from(dispositivos)
        .innerJoin(condominios, eq(condominios.id, dispositivos.condominio_id))
        .where(
          and(
            eq(dispositivos.token_integracao, token),
            eq(dispositivos.fabricante, fabricante as "controlid"),
            eq(dispositivos.ativo, true),
            eq(condominios.ativo, true),
          ),
        );
      return (row as DispositivoQueRelata | undefined) ?? null;
    },

    /** Devices silent since before `antes` and not yet offline: what the health sweep takes offline. */
    async calados(antes: Date, limite = 100): Promise<(DispositivoQueRelata & { ultimo_contato_em: Date | string | null })[]> {
      const rows = await db
        .select({ ...colunasDoDispositivo, ultimo_contato_em: dispositivos.ultimo_contato_em })
        .from(dispositivos)
        .innerJoin(condominios, eq(condominios.id, dispositivos.condominio_id))
        .where(
          and(
            eq(dispositivos.ativo, true),
            eq(condominios.ativo, true),
            sql`${dispositivos.estado} <> 'offline'`,
            or(lt(dispositivos.ultimo_contato_em, antes), isNull(dispositivos.ultimo_contato_em)),
          ),
        )
        .limit(limite);
      return rows as (DispositivoQueRelata & { ultimo_contato_em: Date | string | null })[];
    },

    /** Offline, unless it spoke since `antes` (another instance, or the device, got there first). */
    async desligar(id: string, antes: Date): Promise<boolean> {
      const rows = await db
        .update(dispositivos)
        .set({ estado: "offline", erro: null })
        .where(
          and(
            eq(dispositivos.id, id),
            sql`${dispositivos.estado} <> 'offline'`,
            or(lt(dispositivos.ultimo_contato_em, antes), isNull(dispositivos.ultimo_contato_em)),
          ),
        )
        .returning({ id: dispositivos.id });
      return rows.length > 0;
    },

    /** An event already stored: what it was and the record it made. */
    async evento(dispositivoId: string, idNoDispositivo: string) {
      const [row] = await db
        .select({ id: eventosDispositivo.id, dados: eventosDispositivo.dados, registro_id: eventosDispositivo.registro_id })
        .from(eventosDispositivo)
        .where(and(eq(eventosDispositivo.dispositivo_id, dispositivoId), eq(eventosDispositivo.id_no_dispositivo, idNoDispositivo)));
      return row ?? null;
    },

    /** Stores an event once: false when the device had delivered it already. */
    async guardar(q: Q, valores: typeof eventosDispositivo.$inferInsert): Promise<boolean> {
      const rows = await q.insert(eventosDispositivo).values(valores).onConflictDoNothing().returning({ id: eventosDispositivo.id });
      return rows.length > 0;
    },

    /**
     * Moves the device's highest event number; the gap it jumps over, if any, is written in the same
     * statement (`portaria_web_lacunas_dispositivo`), so a process killed before reading it leaves it
     * for the sweep. The row lock lets exactly one caller see a given gap.
     */
    async numerar(id: string, numero: number): Promise<Lacuna | null> {
      const rows = await queryRows<{ lacuna_id: string | null; de: string | number | null }>(
        db,
        sql`
        with a as (select id, ultimo_numero_evento as antes from ${dispositivos} where id = ${id} for update),
        u as (
          update ${dispositivos} d set ultimo_numero_evento = greatest(coalesce(a.antes, 0), ${numero}::bigint)
          from a where d.id = a.id returning a.antes),
        l as (
          insert into ${lacunasDispositivo} (dispositivo_id, de, ate)
          select ${id}::uuid, u.antes + 1, ${numero}::bigint - 1 from u where u.antes is not null and ${numero}::bigint > u.antes + 1
          returning id, de)
        select l.id as lacuna_id, l.de from l`,
      );
      const [row] = rows;
      return row?.lacuna_id ? { id: row.lacuna_id, de: Number(row.de), ate: numero - 1 } : null;
    },

    /** A gap read or announced: it is done. */
    async lacunaResolvida(lacunaId: string): Promise<void> {
      await db.delete(lacunasDispositivo).where(eq(lacunasDispositivo.id, lacunaId));
    },

    /**
     * The gaps whose reading no process finished (killed in between), each taken by one instance for
     * a minute: the one that takes it reads it; if that one dies too, another takes it after.
     */
    async lacunasAbandonadas(limite = 20): Promise<(Lacuna & { dispositivo: DispositivoQueRelata })[]> {
      const tomadas = await queryRows<{ id: string; dispositivo_id: string; de: string | number; ate: string | number }>(
        db,
        sql`
        update ${lacunasDispositivo} set tentar_em = now() + interval '60 seconds'
        where id in (select id from ${lacunasDispositivo} where tentar_em <= now() order by tentar_em limit ${limite} for update skip locked)
        returning id, dispositivo_id, de, ate`,
      );
      if (tomadas.length === 0) return [];
      // A gap goes with its device (on delete cascade): each one taken has its device.
      const donos = await db
        .select(colunasDoDispositivo)
        .from(dispositivos)
        .innerJoin(condominios, eq(condominios.id, dispositivos.condominio_id))
        .where(
          inArray(
            dispositivos.id,
            tomadas.map((t) => t.dispositivo_id),
          ),
        );
      const porId = new Map(donos.map((d) => [d.id, d as DispositivoQueRelata]));
      return tomadas.map((t) => ({ id: t.id, de: Number(t.de), ate: Number(t.ate), dispositivo: porId.get(t.dispositivo_id)! }));
    },

    /** The device page's recent events (§2.1), newest first, with the record an identification made. */
    async recentes(scope: CondominioScope, dispositivoId: string, limite = 30): Promise<EventoDispositivo[] | null> {
      const [dono] = await db
        .select({ portas: dispositivos.portas })
        .from(dispositivos)
        .where(and(eq(dispositivos.id, dispositivoId), condominioInScope(scope, dispositivos.condominio_id)));
      if (!dono) return null;
      const rows = await db
        .select({
          id: eventosDispositivo.id,
          tipo: eventosDispositivo.tipo,
          ocorrido_em: eventosDispositivo.ocorrido_em,
          recebido_em: eventosDispositivo.recebido_em,
          dados: eventosDispositivo.dados,
          pessoa: registrosAcesso.nome_pessoa,
          resultado: registrosAcesso.resultado,
          motivo: registrosAcesso.motivo,
        })
        .from(eventosDispositivo)
        .leftJoin(registrosAcesso, eq(registrosAcesso.id, eventosDispositivo.registro_id))
        .where(eq(eventosDispositivo.dispositivo_id, dispositivoId))
        .orderBy(desc(eventosDispositivo.recebido_em), desc(eventosDispositivo.id))
        .limit(limite);
      const portas = dono.portas as PortaDispositivo[];
      return rows.map((r) => {
        const dados = r.dados as { door_id?: number; Door?: number; portal_id?: number | string; meio?: string | null };
        const numero = Number(dados.door_id ?? dados.portal_id ?? (typeof dados.Door === "number" ? dados.Door + 1 : Number.NaN));
        return {
          id: r.id,
          tipo: r.tipo,
          ocorrido_em: toIso(r.ocorrido_em),
          recebido_em: toIso(r.recebido_em),
          porta: portas.find((p) => p.numero === numero)?.nome ?? null,
          pessoa: r.pessoa ?? null,
          resultado: (r.resultado as "liberado" | "negado" | null) ?? null,
          motivo: r.motivo ?? null,
          meio: dados.meio ? (MEIO[dados.meio] ?? null) : null,
        };
      });
    },

    /** The person a device's user number stands for. */
    async pessoaDoUsuario(dispositivoId: string, usuario: string): Promise<string | null> {
      const [row] = await db
        .select({ chave: pessoasDispositivo.pessoa_chave })
        .from(pessoasDispositivo)
        .where(and(eq(pessoasDispositivo.dispositivo_id, dispositivoId), eq(pessoasDispositivo.id_no_dispositivo, usuario)));
      return row?.chave ?? null;
    },

    /**
     * The resident holding a card or tag in the device's condominium (the residents' registry,
     * biometria/), as the gate's key; null for a number nobody there holds. The number as read:
     * decimal digits, leading zeros ignored (the registry keeps none).
     */
    async pessoaDoCartao(condominioId: CondominioNoEscopo, cartao: string): Promise<string | null> {
      const numero = /^\d{1,20}$/.test(cartao) ? cartao.replace(/^0+/, "") : "";
      const morador = numero ? await cartoesRepository(db).dono(condominioId, numero) : null;
      return morador ? `morador:${morador}` : null;
    },

    /** Raises an alarm; null when the same open 'offline' alarm exists already. */
    async alarmar(q: Q, valores: { condominio_id: string; dispositivo_id: string | null; tipo: TipoAlarme; mensagem: string }): Promise<Alarme | null> {
      const [criado] = await q.insert(alarmes).values(valores).onConflictDoNothing().returning({ id: alarmes.id });
      if (!criado) return null;
      const [row] = await lerAlarme(q).where(eq(alarmes.id, criado.id));
      return alarmeView(row as AlarmeRow);
    },

    /** The device came back: its open 'offline' alarm ends. */
    async encerrarOffline(q: Q, dispositivoId: string): Promise<Alarme[]> {
      const ids = await q
        .update(alarmes)
        .set({ encerrado_em: new Date() })
        .where(and(eq(alarmes.dispositivo_id, dispositivoId), eq(alarmes.tipo, "dispositivo_offline"), isNull(alarmes.encerrado_em)))
        .returning({ id: alarmes.id });
      if (ids.length === 0) return [];
      const rows = await lerAlarme(q).where(eq(alarmes.id, ids[0]!.id));
      return rows.map((r) => alarmeView(r as AlarmeRow));
    },

    /** 'Alarmes': of the scope (and one condominium), not yet acknowledged or all; newest first. */
    async alarmes(scope: CondominioScope, filtro: { condominioId: string | null; abertos: boolean }, limite = 200): Promise<Alarme[]> {
      const rows = await lerAlarme(db)
        .where(
          and(
            condominioInScope(scope, alarmes.condominio_id),
            filtro.condominioId ? eq(alarmes.condominio_id, filtro.condominioId) : undefined,
            filtro.abertos ? isNull(alarmes.ciente_em) : undefined,
          ),
        )
        .orderBy(desc(alarmes.criado_em), desc(alarmes.id))
        .limit(limite);
      return rows.map((r) => alarmeView(r as AlarmeRow));
    },

    /** 'Ciente': the first acknowledgement counts (a second one changes nothing). Null: not in the scope. */
    async ciente(scope: CondominioScope, id: string, quem: { id: string; nome: string }): Promise<Alarme | null> {
      await db
        .update(alarmes)
        .set({ ciente_por: quem.id, ciente_por_nome: quem.nome, ciente_em: new Date() })
        .where(and(eq(alarmes.id, id), isNull(alarmes.ciente_em), condominioInScope(scope, alarmes.condominio_id)));
      const [row] = await lerAlarme(db).where(and(eq(alarmes.id, id), condominioInScope(scope, alarmes.condominio_id)));
      return row ? alarmeView(row as AlarmeRow) : null;
    },
  };
}

export type EventosRepository = ReturnType<typeof eventosRepository>;
