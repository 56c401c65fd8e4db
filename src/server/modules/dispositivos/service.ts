import { randomBytes, randomUUID } from "node:crypto";
import { MSG } from "@shared/messages";
import { PRAZO_DO_COMANDO_MS } from "@shared/schemas/comandos";
import { FALHA_DO_DISPOSITIVO, type Dispositivo, type DispositivoData, type TesteDeConexao } from "@shared/schemas/dispositivos";
import type { Db } from "../../db/client";
import { FalhaDoDispositivo, type Drivers } from "../../dispositivos/drivers";
import { notFound } from "../../errors";
import { requireActiveCondominio, type CondominioScope } from "../../scope";
import { linkedRecordsMessage, toIso, withUniqueMessage, type ListTotals } from "../common";
import type { SaudeDosDispositivos } from "./saude";
import { dispositivosRepository, type DispositivoListQuery, type DispositivoRow } from "./repository";
import { alvoDoDispositivo, type CofreDeSenhas } from "./senha";

// The devices' registry rules (gate-operation-spec §2.1), called by the routes and, later, by the
// device gateway and the demo generator; never written inside a route.

const UNIQUE = { dispositivos_condominio_nome_idx: { ...MSG.dispositivoNomeDuplicate, field: "nome" } };

/** The secret part of a device's integration address: 192 random bits, URL-safe (32 characters). */
export const novoToken = () => randomBytes(24).toString("base64url");

export interface DispositivosDeps {
  db: Db;
  totals?: ListTotals;
  cofre: CofreDeSenhas;
  /** PUBLIC_URL: the integration address is the one the device can reach. */
  publicUrl: string;
  drivers: Drivers;
  /** 'Testar conexão' moves the device's health (and its alarm). */
  saude: SaudeDosDispositivos;
}

export function dispositivosService({ db, totals, cofre, publicUrl, drivers, saude }: DispositivosDeps) {
  const repo = dispositivosRepository(db, totals);

  const toDispositivo = ({ token_integracao, ...row }: DispositivoRow): Dispositivo => ({
    ...row,
    url_integracao: `${publicUrl}/api/integracoes/${row.fabricante}/${token_integracao}`,
    ultimo_contato_em: row.ultimo_contato_em === null ? null : toIso(row.ultimo_contato_em),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  });

  async function found(scope: CondominioScope, id: string): Promise<Dispositivo> {
    const row = await repo.get(scope, id);
    if (!row) throw notFound();
    return toDispositivo(row);
  }

  return {
    async list(scope: CondominioScope, query: DispositivoListQuery) {
      const page = await repo.list(scope, query);
      return { ...page, rows: page.rows.map(toDispositivo) };
    },

    get: found,

    async criar(scope: CondominioScope, input: DispositivoData): Promise<Dispositivo> {
      const { id: condominioId } = await requireActiveCondominio(db, scope, input.condominio_id);
      // The id is made here: the password's ciphertext is bound to it (senha.ts).
      const id = randomUUID();
      const senha = input.senha ? cofre.cifrar(id, input.senha) : undefined;
      await withUniqueMessage(() => repo.create(id, novoToken(), { ...input, condominio_id: condominioId, senha }), UNIQUE);
      return found(scope, id);
    },

    /** An edit; a blank password keeps the stored one (the API never hands it back). */
    async atualizar(scope: CondominioScope, id: string, input: DispositivoData): Promise<Dispositivo> {
      if (!(await repo.get(scope, id))) throw notFound();
      const { id: condominioId } = await requireActiveCondominio(db, scope, input.condominio_id);
      const senha = input.senha ? cofre.cifrar(id, input.senha) : undefined;
      const updated = await withUniqueMessage(() => repo.update(scope, id, { ...input, condominio_id: condominioId, senha }), UNIQUE);
      if (!updated) throw notFound();
      // The address, user or password may have changed: the next call signs in again.
      drivers[input.fabricante].esquecer(id);
      return found(scope, id);
    },

    /** 'Gerar novo endereço': the old address stops working at once. */
    async gerarNovoEndereco(scope: CondominioScope, id: string): Promise<Dispositivo> {
      if (!(await repo.setToken(scope, id, novoToken()))) throw notFound();
      return found(scope, id);
    },

    async excluir(scope: CondominioScope, id: string): Promise<void> {
      const removed = await linkedRecordsMessage(() => repo.remove(scope, id), MSG.dispositivoLinked.message);
      if (!removed) throw notFound();
      for (const driver of Object.values(drivers)) driver.esquecer(id);
    },

    /**
     * 'Testar conexão' (§2.1): signs in to the device and reads its identity and clock. The
     * outcome is the device's state from now on (online, offline, or in error with the reason).
     */
    async testarConexao(scope: CondominioScope, id: string): Promise<TesteDeConexao> {
      const alvo = await repo.alvo(scope, id);
      if (!alvo) throw notFound();
      if (alvo.conexao !== "direta" || !alvo.endereco) return { conectado: false, erro: FALHA_DO_DISPOSITIVO.semEndereco };
      const destino = alvoDoDispositivo(cofre, alvo);
      if (!destino) return { conectado: false, erro: FALHA_DO_DISPOSITIVO.senhaIlegivel };
      const inicio = Date.now();
      try {
        const identidade = await drivers[alvo.fabricante].identificar(destino, { prazoMs: PRAZO_DO_COMANDO_MS });
        const tempo = Date.now() - inicio;
        await saude.contato(id, { estado: "online", firmware: identidade.firmware });
        return {
          conectado: true,
          modelo: identidade.modelo,
          serie: identidade.serie,
          firmware: identidade.firmware,
          relogio: identidade.relogio ? identidade.relogio.toISOString() : null,
          // Against the middle of the call: the device read its clock somewhere in it.
          diferenca_relogio_s: identidade.relogio ? Math.round((identidade.relogio.getTime() - (inicio + tempo / 2)) / 1000) : null,
          tempo_resposta_ms: tempo,
        };
      } catch (error) {
        if (!(error instanceof FalhaDoDispositivo)) throw error;
        const semContato = error.motivo === "sem_resposta" || error.motivo === "inalcancavel";
        await saude.contato(id, semContato ? { estado: "offline" } : { estado: "erro", erro: error.message });
        return { conectado: false, erro: error.message };
      }
    },
  };
}
