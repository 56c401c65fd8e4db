import { and, eq, inArray } from "drizzle-orm";
import type { UnidadeDoMorador } from "@shared/schemas/morador";
import { PREFERENCIAS_PADRAO, type Preferencias, type PreferenciasDados } from "@shared/schemas/notificacoes";
import type { Db } from "../../db/client";
import { moradores, moradorPreferencias, pushInscricoes } from "../../db/schema";
import { notFound } from "../../errors";

// The resident's 'Notificações' (gate-operation-spec §3.2): their channels, quiet hours and the
// standing rule for deliveries, per unit (one row per resident record), and the browsers that
// receive their Web Push notices (per person: every unit of theirs). docs/decisions/0277.

/** Which channels the portal can use at all (each configured by environment, §3.4). */
export type CanaisDisponiveis = Preferencias["canais_disponiveis"];

/** The resident records of the signed-in person in one of their units; another unit: 404. */
function registrosNaUnidade(unidades: readonly UnidadeDoMorador[], unidadeId: string): string[] {
  const ids = unidades.filter((u) => u.unidade_id === unidadeId).map((u) => u.morador_id);
  if (ids.length === 0) throw notFound();
  return ids;
}

export function preferenciasService({ db, canais }: { db: Db; canais: () => CanaisDisponiveis }) {
  return {
    /** The choices for the unit (no row yet: PREFERENCIAS_PADRAO), the channels on offer and whether the record has a phone and an e-mail. */
    async ler(unidades: readonly UnidadeDoMorador[], unidadeId: string): Promise<Preferencias> {
      const ids = registrosNaUnidade(unidades, unidadeId);
      const registros = await db
        .select({
          morador_id: moradores.id,
          telefone_celular: moradores.telefone_celular,
          email: moradores.email,
          preferencias: moradorPreferencias,
        })
        .from(moradores)
        .leftJoin(moradorPreferencias, eq(moradorPreferencias.morador_id, moradores.id))
        .where(inArray(moradores.id, ids));
      // A person with two records in one unit: the first listed one speaks for both (PUT writes both).
      const registro = registros.find((r) => r.morador_id === ids[0]) ?? registros[0];
      if (!registro) throw notFound();
      const p: PreferenciasDados = registro.preferencias ?? PREFERENCIAS_PADRAO;
      return {
        morador_id: registro.morador_id,
        unidade_id: unidadeId,
        push: p.push,
        whatsapp: p.whatsapp,
        sms: p.sms,
        email: p.email,
        silencio_de: p.silencio_de,
        silencio_ate: p.silencio_ate,
        regra_entregas: p.regra_entregas,
        regra_de: p.regra_de,
        regra_ate: p.regra_ate,
        canais_disponiveis: canais(),
        tem_celular: registros.some((r) => Boolean(r.telefone_celular?.trim())),
        tem_email: registros.some((r) => Boolean(r.email?.trim())),
      };
    },

    /** Saves the choices for every record of the person in the unit, then reads them back. */
    async salvar(unidades: readonly UnidadeDoMorador[], unidadeId: string, dados: PreferenciasDados): Promise<Preferencias> {
      const ids = registrosNaUnidade(unidades, unidadeId);
      // Hours only where they mean something: 'Sempre perguntar' keeps no window.
      const valores = {
        ...dados,
        regra_de: dados.regra_entregas === "liberar_sempre" ? dados.regra_de : null,
        regra_ate: dados.regra_entregas === "liberar_sempre" ? dados.regra_ate : null,
        updated_at: new Date(),
      };
      await db
        .insert(moradorPreferencias)
        .values(ids.map((morador_id) => ({ morador_id, ...valores })))
        .onConflictDoUpdate({
          target: moradorPreferencias.morador_id,
          set: {
            push: valores.push,
            whatsapp: valores.whatsapp,
            sms: valores.sms,
            email: valores.email,
            silencio_de: valores.silencio_de,
            silencio_ate: valores.silencio_ate,
            regra_entregas: valores.regra_entregas,
            regra_de: valores.regra_de,
            regra_ate: valores.regra_ate,
            updated_at: valores.updated_at,
          },
        });
      return this.ler(unidades, unidadeId);
    },
  };
}

/** A browser's subscription for the signed-in person: one row per endpoint (the browser is the device). */
export function pushService({ db }: { db: Db }) {
  return {
    /** Saves it for this user; an endpoint another user had is the same browser now signed in as this one. */
    async inscrever(authUserId: string, inscricao: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      await db
        .insert(pushInscricoes)
        .values({ auth_user_id: authUserId, endpoint: inscricao.endpoint, p256dh: inscricao.keys.p256dh, auth: inscricao.keys.auth })
        .onConflictDoUpdate({
          target: pushInscricoes.endpoint,
          set: { auth_user_id: authUserId, p256dh: inscricao.keys.p256dh, auth: inscricao.keys.auth, created_at: new Date() },
        });
    },

    /** Removes it only if it is this user's; someone else's (or an unknown) endpoint is left alone. */
    async cancelar(authUserId: string, endpoint: string): Promise<boolean> {
      const removidas = await db
        .delete(pushInscricoes)
        .where(and(eq(pushInscricoes.endpoint, endpoint), eq(pushInscricoes.auth_user_id, authUserId)))
        .returning({ id: pushInscricoes.id });
      return removidas.length > 0;
    },
  };
}
