import { MSG } from "@shared/messages";
import type { UnidadeDoMorador } from "@shared/schemas/morador";
import { PASSES_NA_LISTA, type Passe } from "@shared/schemas/morador-visitantes";
import type { Autorizacao, AutorizacaoData } from "@shared/schemas/visitantes";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import type { CondominioScope } from "../../scope";
import { assinarQr } from "../visitantes/codigo";
import { visitantesRepository } from "../visitantes/repository";
import { enderecoPorExtenso, qrSvg } from "../visitantes/routes";
import { visitantesService } from "../visitantes/service";

// The resident's passes (gate-operation-spec §3.2 'Visitantes'): authorisations of one of their
// units, authorised by them, with part 2 §4's rules, code and signed QR — the Visitantes module's
// own service and repository, with the resident's unit standing for a staff user's scope.
// docs/decisions/0276-visitantes-e-historico-do-morador.md.

/** One of the signed-in resident's units, as the pass routes act on it. */
export interface UnidadeDoPasse {
  unidade_id: string;
  condominio_id: string;
  /** The resident's records in that unit (one person may hold two): the passes they authorised. */
  morador_ids: string[];
  /** The condominium of the unit, as the Visitantes service reads a scope. */
  scope: CondominioScope;
}

/**
 * The unit `unidadeId` of the resident's session: one of `unidades`, or 404 as unknown as one that
 * does not exist (another unit, another condominium, an inactive account).
 */
export function unidadeDoPasse(unidades: readonly UnidadeDoMorador[], unidadeId: string): UnidadeDoPasse {
  const minhas = unidades.filter((u) => u.unidade_id === unidadeId);
  const primeira = minhas[0];
  if (!primeira) throw notFound(MSG.unidadeNotFound);
  return {
    unidade_id: primeira.unidade_id,
    condominio_id: primeira.condominio_id,
    morador_ids: minhas.map((u) => u.morador_id),
    scope: { all: false, ids: [primeira.condominio_id] },
  };
}

export function passesService({ db, agora, qrSecret }: { db: Db; agora: () => number; qrSecret: Buffer }) {
  const repo = visitantesRepository(db);
  const visitantes = visitantesService(db, agora);

  /** What the resident sees of a pass: no staff user's name; the QR while it is in force. */
  async function comQr(a: Autorizacao): Promise<Passe> {
    const { criado_por: _criadoPor, ...passe } = a;
    if (a.situacao !== "ativa") return { ...passe, qr_payload: null, qr_svg: null };
    const payload = assinarQr(qrSecret, { autorizacaoId: a.id, validoAte: new Date(a.valido_ate) });
    return { ...passe, qr_payload: payload, qr_svg: await qrSvg(payload) };
  }

  /** A pass of the unit that the resident authorised, or 404 (another unit's, someone else's, none). */
  async function doMorador(u: UnidadeDoPasse, id: string): Promise<Autorizacao> {
    const found = await repo.get(u.scope, id, agora());
    if (!found || found.unidade.id !== u.unidade_id || !found.morador || !u.morador_ids.includes(found.morador.id)) {
      throw notFound(MSG.autorizacaoNotFound);
    }
    return found;
  }

  return {
    /** My unit's passes: in force first, then the rest, newest first; the condominium's name and address for sharing. */
    async listar(u: UnidadeDoPasse) {
      const [rows, condominio] = await Promise.all([
        repo.daUnidadeDoMorador(u.unidade_id, u.morador_ids, agora(), PASSES_NA_LISTA),
        repo.enderecoDoCondominio(u.scope, u.condominio_id),
      ]);
      return {
        condominio: { nome: condominio?.nome ?? "", endereco: enderecoPorExtenso(condominio) },
        rows: await Promise.all(rows.map(comQr)),
      };
    },

    /** A new pass of the unit, authorised by the resident (no Portaria Web user made it). */
    async criar(u: UnidadeDoPasse, dados: Omit<AutorizacaoData, "condominio_id" | "unidade_id" | "morador_id">): Promise<Passe> {
      const criada = await visitantes.criar(
        u.scope,
        { ...dados, condominio_id: u.condominio_id, unidade_id: u.unidade_id, morador_id: u.morador_ids[0]! },
        null,
      );
      return comQr(criada);
    },

    async cancelar(u: UnidadeDoPasse, id: string): Promise<Passe> {
      const found = await doMorador(u, id);
      return comQr(await visitantes.cancelar(u.scope, found.id));
    },

    /** The pass whose invitation may be e-mailed now (the staff route's rules: an e-mail, in force). */
    async paraConvite(u: UnidadeDoPasse, id: string) {
      const found = await doMorador(u, id);
      return visitantes.paraConvite(u.scope, found.id);
    },
  };
}

/** The e-mail limit's key of a resident (the staff's is their user id): their sign-in account. */
export const remetenteMorador = (authUserId: string) => `morador:${authUserId}`;

export type PassesService = ReturnType<typeof passesService>;
