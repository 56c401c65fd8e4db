import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PRAZO_DO_COMANDO_MS } from "@shared/schemas/comandos";
import { AVISO_DA_SINCRONIZACAO, type ResumoSincronizacao, type Sincronizacao } from "@shared/schemas/dispositivos";
import { dateInSaoPaulo } from "@shared/time";
import { queryRows, type Db } from "../../db/client";
import { autorizacoesVisita, biometriaMoradores, cartoesMoradores, dispositivos, moradores, pessoasDispositivo, prestadores, unidades } from "../../db/schema";
import { FalhaDoDispositivo, type Drivers } from "../../dispositivos/drivers";
import type { AlvoDoDispositivo, PessoaParaODispositivo } from "../../dispositivos/drivers/tipos";
import { notFound } from "../../errors";
import { condominioInScope, type CondominioScope } from "../../scope";
import { toIso } from "../common";
import { bloqueiosAplicaveis } from "../bloqueios/verificar";
import { recusa, recusaAutorizacao } from "../controle-acesso/decisao";
import { assinarQr } from "../visitantes/codigo";
import type { PedidosPelaSaida } from "./pedidos";
import { alvoDoDispositivo, type CofreDeSenhas } from "./senha";
import type { SaudeDosDispositivos } from "./saude";

// Who the devices let in (gate-operation-spec §2.4): each active device of a condominium is kept
// in step with the people who may enter it now — its active residents of active units, with their
// cards and tags and their face only when they consented (LGPD art. 11), the providers inside their
// period, and the pre-authorised visitors the gate would let in now, with their QR code (on devices
// that keep QR codes) — and whoever stopped being one (inactive, deleted, blocked, out of period,
// cancelled, used up, expired) is removed. A removal counts only when the device's own list, read
// back, no longer holds the person. Per device and person the state is 'sincronizado', 'pendente'
// or 'falhou' with the device's reason in pt-BR. docs/decisions/0266-sincronizacao-e-biometria.md,
// 0267-cartoes-e-qrcodes.md. A device that calls out (push) gets the same calls as requests it
// fetches when it polls: its rounds run apart, one at a time per device on any instance, and
// 'Sincronizar agora' answers while one is still under way (0270-sincronizacao-pela-saida.md).

/** The device's user numbers the portal hands out start here (below: users made at the device by hand). */
const PRIMEIRO_USUARIO = 100_001;
export const NAO_REMOVEU = "O dispositivo respondeu, mas a pessoa continua na lista dele.";
/** Each driver call to a device that calls out: its requests wait for the device's polls. */
const PRAZO_PELA_SAIDA_MS = 120_000;
/** A round on a device that calls out holds it this long past its latest request. */
const POSSE_S = 180;

interface Desejada {
  chave: string;
  nome: string;
  cartoes: string[];
  /** The face's version when the resident consented and has a photo; null: no face. */
  face: number | null;
  /** A visitor's QR payload (visitantes/codigo.ts); absent for residents and providers. */
  qrcodes?: string[];
}

/** What was written: a change of name, cards, face or QR code rewrites the person. */
const digestoDe = (p: Desejada) =>
  createHash("sha256")
    .update(JSON.stringify([p.nome, p.cartoes, p.face, ...(p.qrcodes ? [p.qrcodes] : [])]))
    .digest("hex")
    .slice(0, 32);

const eVisitante = (chave: string) => chave.startsWith("autorizacao:");

export interface SincronizacaoDeps {
  db: Db;
  drivers: Drivers;
  cofre: CofreDeSenhas;
  saude: SaudeDosDispositivos;
  /** Requests for devices that call out (push mode). */
  pedidos: PedidosPelaSaida;
  /** Signs the visitors' QR payloads, as their invitations carry them (visitantes/codigo.ts). */
  qrSecret: Buffer;
  /** The clock the gate decides by (the app's `agora`). */
  agora?: () => number;
  /** How long 'Sincronizar agora' waits for a round on a device that calls out before answering that it goes on. */
  esperaPelaSaidaMs?: number;
  log?: FastifyBaseLogger;
}

export function sincronizacaoService({ db, drivers, cofre, saude, pedidos, qrSecret, agora = Date.now, esperaPelaSaidaMs = 15_000, log }: SincronizacaoDeps) {
  /** Rounds on devices that call out running in this process, awaited on close. */
  const emCurso = new Set<Promise<unknown>>();

  /** Takes the device for one round (devices that call out): false when another round holds it. */
  async function tomar(id: string): Promise<boolean> {
    const tomados = await queryRows<{ id: string }>(
      db,
      sql`update ${dispositivos} set sincronizando_ate = now() + make_interval(secs => ${POSSE_S})
          where id = ${id} and (sincronizando_ate is null or sincronizando_ate < now()) returning id`,
    );
    return tomados.length > 0;
  }
  const renovar = (id: string) => async () => {
    await db
      .update(dispositivos)
      .set({ sincronizando_ate: sql`now() + make_interval(secs => ${POSSE_S})` })
      .where(eq(dispositivos.id, id));
  };
  /** The people still to be written to the device, or taken off it. */
  async function pendentes(id: string): Promise<number> {
    const [{ n }] = (await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${pessoasDispositivo} where dispositivo_id = ${id} and (estado <> 'sincronizado' or remover)`,
    )) as [{ n: number }];
    return n;
  }
  const soltar = (id: string) => db.update(dispositivos).set({ sincronizando_ate: null }).where(eq(dispositivos.id, id));

  /** Who may enter the condominium now, by the gate's key. */
  async function quemPodeEntrar(condominioId: string): Promise<Map<string, Desejada>> {
    const rows = await db
      .select({
        id: moradores.id,
        nome: moradores.nome_completo,
        cpf: moradores.cpf,
        consentimento: biometriaMoradores.consentimento_biometria_em,
        foto: biometriaMoradores.foto_tipo,
        versao: biometriaMoradores.versao,
      })
      .from(moradores)
      .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
      .leftJoin(biometriaMoradores, eq(biometriaMoradores.morador_id, moradores.id))
      .where(and(eq(unidades.condominio_id, condominioId), eq(unidades.ativo, true), eq(moradores.ativo, true)));
    // Each resident's cards and tags, in one order (the digest compares them).
    const cartoes = new Map<string, string[]>();
    for (const c of await db
      .select({ morador_id: cartoesMoradores.morador_id, numero: cartoesMoradores.numero })
      .from(cartoesMoradores)
      .where(eq(cartoesMoradores.condominio_id, condominioId))
      .orderBy(cartoesMoradores.numero)) {
      cartoes.set(c.morador_id, [...(cartoes.get(c.morador_id) ?? []), c.numero]);
    }
    // Active providers of this condominium (or of every one) inside their authorised period today,
    // by the gate's own rule (controle-acesso/decisao.ts `recusa`).
    const instante = agora();
    const hoje = dateInSaoPaulo(instante);
    const servicos = (
      await db
        .select({
          id: prestadores.id,
          nome: prestadores.nome_empresa_profissional,
          documento: prestadores.cnpj_cpf,
          inicio: prestadores.data_inicio_autorizacao,
          fim: prestadores.data_fim_autorizacao,
        })
        .from(prestadores)
        .where(and(eq(prestadores.ativo, true), or(eq(prestadores.condominio_id, condominioId), isNull(prestadores.condominio_id))))
    ).filter((p) => recusa({ bloqueio: null, ativo: true, periodo: { inicio: p.inicio, fim: p.fim } }, hoje) === null);
    // Pre-authorised visitors the gate would let in now, by its own rule (controle-acesso/decisao.ts:
    // not cancelled, not used up, inside the validity, the weekday and the daily window): they
    // leave the devices as soon as that stops being true (the sweep sees the change).
    const visitas = await db
      .select({
        id: autorizacoesVisita.id,
        nome: autorizacoesVisita.nome_visitante,
        documento: autorizacoesVisita.documento_numero,
        placa: autorizacoesVisita.placa,
        status: autorizacoesVisita.status,
        valido_de: autorizacoesVisita.valido_de,
        valido_ate: autorizacoesVisita.valido_ate,
        dias_semana: autorizacoesVisita.dias_semana,
        hora_inicio: autorizacoesVisita.hora_inicio,
        hora_fim: autorizacoesVisita.hora_fim,
        max_entradas: autorizacoesVisita.max_entradas,
        entradas_usadas: autorizacoesVisita.entradas_usadas,
      })
      .from(autorizacoesVisita)
      .where(
        and(
          eq(autorizacoesVisita.condominio_id, condominioId),
          eq(autorizacoesVisita.status, "ativa"),
          lte(autorizacoesVisita.valido_de, new Date(instante)),
          gte(autorizacoesVisita.valido_ate, new Date(instante)),
        ),
      );
    const visitantes = visitas.filter((v) => recusaAutorizacao({ ...v, status: "ativa" }, instante) === null);
    const pessoas = [
      ...rows.map((r) => ({
        chave: `morador:${r.id}`,
        nome: r.nome,
        documento: r.cpf,
        placa: null,
        cartoes: cartoes.get(r.id) ?? [],
        face: r.consentimento && r.foto ? r.versao : null,
      })),
      ...servicos.map((p) => ({ chave: `prestador:${p.id}`, nome: p.nome, documento: p.documento, placa: null, cartoes: [], face: null })),
      ...visitantes.map((v) => ({
        chave: `autorizacao:${v.id}`,
        nome: v.nome,
        documento: v.documento,
        placa: v.placa,
        cartoes: [],
        face: null,
        // The invitation's own QR: the same payload the visitor carries (and the device reports back).
        qrcodes: [assinarQr(qrSecret, { autorizacaoId: v.id, validoAte: v.valido_ate })],
      })),
    ];
    // The blocklist's own rule (bloqueios/verificar.ts): whoever it stops leaves the devices, or never goes.
    const bloqueados = await bloqueiosAplicaveis(
      db,
      condominioId,
      new Map(pessoas.map((p) => [p.chave, { documento: p.documento, nome: p.nome, placa: p.placa }])),
      hoje,
    );
    const desejadas = new Map<string, Desejada>();
    for (const { documento: _documento, placa: _placa, ...p } of pessoas) {
      if (!bloqueados.has(p.chave)) desejadas.set(p.chave, p);
    }
    return desejadas;
  }

  /** The mark of who may enter: when it is the one the device was last brought to, nothing changed. */
  const marcaDe = (desejadas: Map<string, Desejada>) =>
    createHash("sha256")
      .update(JSON.stringify([...desejadas.values()].map((p) => [p.chave, digestoDe(p)]).sort()))
      .digest("hex")
      .slice(0, 32);

  async function foto(chave: string): Promise<Buffer | null> {
    const [row] = await db
      .select({ foto: biometriaMoradores.foto })
      .from(biometriaMoradores)
      .where(eq(biometriaMoradores.morador_id, chave.slice("morador:".length)));
    return row?.foto ?? null;
  }

  async function sincronizarDispositivo(d: {
    id: string;
    condominio_id: string;
    fabricante: "controlid" | "intelbras";
    modelo: string;
    conexao: "direta" | "saida";
    endereco: string | null;
    usuario: string | null;
    senha: string | null;
  }): Promise<ResumoSincronizacao> {
    const resumo: ResumoSincronizacao = { sincronizadas: 0, removidas: 0, falhas: 0, pendentes: 0, erro: null, em_andamento: false };
    const driver = drivers[d.fabricante];
    const todas = await quemPodeEntrar(d.condominio_id);
    // A device that keeps no QR codes gets no visitors: it asks the portal about a QR (online mode).
    const desejadas = driver.guardaQrcodes ? todas : new Map([...todas].filter(([chave]) => !eVisitante(chave)));
    const linhas = await db.select().from(pessoasDispositivo).where(eq(pessoasDispositivo.dispositivo_id, d.id));
    const porChave = new Map(linhas.map((l) => [l.pessoa_chave, l]));

    // New people get the next number on this device; whoever left is marked for removal.
    let proximo = Math.max(PRIMEIRO_USUARIO - 1, ...linhas.map((l) => Number(l.id_no_dispositivo)).filter(Number.isFinite)) + 1;
    const novas = [...desejadas.values()].filter((p) => !porChave.has(p.chave));
    if (novas.length) {
      // Another instance's round may have numbered them a moment ago: what is stored wins.
      await db
        .insert(pessoasDispositivo)
        .values(
          novas.map((p) => ({ dispositivo_id: d.id, pessoa_chave: p.chave, nome: p.nome, id_no_dispositivo: String(proximo++), estado: "pendente" as const })),
        )
        .onConflictDoNothing();
      for (const l of await db.select().from(pessoasDispositivo).where(eq(pessoasDispositivo.dispositivo_id, d.id))) porChave.set(l.pessoa_chave, l);
    }
    const saindo = linhas.filter((l) => !desejadas.has(l.pessoa_chave));
    if (saindo.length) {
      await db
        .update(pessoasDispositivo)
        .set({ remover: true, estado: "pendente", motivo: null, atualizado_em: new Date() })
        .where(
          inArray(
            pessoasDispositivo.id,
            saindo.map((l) => l.id),
          ),
        );
    }

    const pelaSaida = d.conexao === "saida";
    const alvo: AlvoDoDispositivo | null = pelaSaida
      ? driver.sincronizaPelaSaida
        ? { id: d.id, modelo: d.modelo, endereco: "", usuario: null, senha: null, canal: pedidos.canal(d.id, renovar(d.id)) }
        : null
      : d.endereco
        ? alvoDoDispositivo(cofre, { ...d, endereco: d.endereco })
        : null;
    if (!alvo) {
      // A device the portal cannot reach (connects out without push requests, or its password no longer opens): it waits.
      resumo.pendentes = await pendentes(d.id);
      resumo.erro = pelaSaida ? AVISO_DA_SINCRONIZACAO.saidaSemPedidos : AVISO_DA_SINCRONIZACAO.senhaIlegivel;
      return resumo;
    }
    if (pelaSaida && !(await tomar(d.id))) {
      // Another round (of this or another instance) is under way on it: that one carries on.
      resumo.pendentes = await pendentes(d.id);
      resumo.em_andamento = true;
      return resumo;
    }
    const opcoes = { prazoMs: pelaSaida ? PRAZO_PELA_SAIDA_MS : PRAZO_DO_COMANDO_MS };
    const marcar = (id: string, valores: Partial<typeof pessoasDispositivo.$inferInsert>) =>
      db
        .update(pessoasDispositivo)
        .set({ ...valores, atualizado_em: new Date() })
        .where(eq(pessoasDispositivo.id, id));

    try {
      for (const p of desejadas.values()) {
        const linha = porChave.get(p.chave);
        if (!linha) continue;
        const digesto = digestoDe(p);
        if (linha.estado === "sincronizado" && linha.conteudo === digesto) continue;
        const pessoa: PessoaParaODispositivo = {
          usuario: linha.id_no_dispositivo,
          nome: p.nome,
          cartoes: p.cartoes,
          foto: p.face === null ? null : await foto(p.chave),
          ...(p.qrcodes ? { qrcodes: p.qrcodes } : {}),
        };
        try {
          await driver.gravarUsuario(alvo, pessoa, opcoes);
          await marcar(linha.id, { estado: "sincronizado", motivo: null, conteudo: digesto, nome: p.nome });
          resumo.sincronizadas++;
        } catch (error) {
          if (!(error instanceof FalhaDoDispositivo) || semContato(error)) throw error;
          await marcar(linha.id, { estado: "falhou", motivo: error.message, nome: p.nome });
          resumo.falhas++;
        }
      }
      const aRemover = [...porChave.values()].filter((l) => !desejadas.has(l.pessoa_chave));
      for (const l of aRemover) {
        try {
          await driver.removerUsuario(alvo, l.id_no_dispositivo, opcoes);
        } catch (error) {
          if (!(error instanceof FalhaDoDispositivo) || semContato(error)) throw error;
          await marcar(l.id, { estado: "falhou", motivo: error.message });
          resumo.falhas++;
        }
      }
      if (aRemover.length) {
        // The device's own word is not enough: its list, read back, decides.
        const naLista = new Set(await driver.usuarios(alvo, opcoes));
        for (const l of aRemover) {
          if (naLista.has(l.id_no_dispositivo)) {
            await marcar(l.id, { estado: "falhou", motivo: NAO_REMOVEU });
            resumo.falhas++;
          } else {
            await db.delete(pessoasDispositivo).where(eq(pessoasDispositivo.id, l.id));
            resumo.removidas++;
          }
        }
      }
      await saude.contato(d.id, { estado: "online", firmware: null });
      await db
        .update(dispositivos)
        // The condominium's mark (the sweep compares it), also on a device that takes only part of it.
        .set({ sincronizado_em: new Date(), sincronizacao_marca: resumo.falhas === 0 ? marcaDe(todas) : null })
        .where(eq(dispositivos.id, d.id));
    } catch (error) {
      if (!(error instanceof FalhaDoDispositivo)) throw error;
      // The device stopped answering: the rest waits for the next round. One that calls out and
      // did not poll is judged by its own silence (saude.ts), not by a request it did not fetch.
      if (!(pelaSaida && semContato(error))) await saude.contato(d.id, semContato(error) ? { estado: "offline" } : { estado: "erro", erro: error.message });
      resumo.erro = error.message;
      resumo.pendentes = await pendentes(d.id);
    } finally {
      if (pelaSaida) await soltar(d.id);
    }
    return resumo;
  }

  /**
   * A round on a device that calls out, run apart (its requests wait for the device's polls):
   * awaited on close, a failure logged.
   */
  function emSegundoPlano(d: Parameters<typeof sincronizarDispositivo>[0]): Promise<ResumoSincronizacao | null> {
    const rodada = sincronizarDispositivo(d).catch((error: unknown) => {
      log?.warn({ err: error, dispositivo: d.id }, "sincronização do dispositivo falhou");
      return null;
    });
    emCurso.add(rodada);
    void rodada.finally(() => emCurso.delete(rodada));
    return rodada;
  }

  const colunas = {
    id: dispositivos.id,
    condominio_id: dispositivos.condominio_id,
    fabricante: dispositivos.fabricante,
    modelo: dispositivos.modelo,
    conexao: dispositivos.conexao,
    endereco: dispositivos.endereco,
    usuario: dispositivos.usuario,
    senha: dispositivos.senha,
    ativo: dispositivos.ativo,
    sincronizacao_marca: dispositivos.sincronizacao_marca,
  };

  return {
    /** 'Sincronizar agora' (§2.1, §2.4): the device of the scope, brought in step now. */
    async sincronizarAgora(scope: CondominioScope, id: string): Promise<ResumoSincronizacao> {
      const [d] = await db
        .select(colunas)
        .from(dispositivos)
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)));
      if (!d) throw notFound();
      if (!d.ativo) return { sincronizadas: 0, removidas: 0, falhas: 0, pendentes: 0, erro: AVISO_DA_SINCRONIZACAO.inativo, em_andamento: false };
      if (d.conexao !== "saida" || !drivers[d.fabricante].sincronizaPelaSaida) return sincronizarDispositivo(d);
      // A device that calls out: the round's answer if it ends soon, else that it goes on (the page follows each person).
      let espera: NodeJS.Timeout | undefined;
      const terminou = await Promise.race([emSegundoPlano(d), new Promise<null>((resolve) => (espera = setTimeout(() => resolve(null), esperaPelaSaidaMs)))]);
      clearTimeout(espera);
      if (terminou) return terminou;
      return { sincronizadas: 0, removidas: 0, falhas: 0, pendentes: await pendentes(d.id), erro: null, em_andamento: true };
    },

    /** Per person: what the device holds of them ('Sincronizado', 'Pendente', 'Falhou: ...'). */
    async estado(scope: CondominioScope, id: string): Promise<Sincronizacao | null> {
      const [d] = await db
        .select({ sincronizado_em: dispositivos.sincronizado_em })
        .from(dispositivos)
        .where(and(eq(dispositivos.id, id), condominioInScope(scope, dispositivos.condominio_id)));
      if (!d) return null;
      const linhas = await db
        .select()
        .from(pessoasDispositivo)
        .where(eq(pessoasDispositivo.dispositivo_id, id))
        .orderBy(pessoasDispositivo.nome, pessoasDispositivo.id);
      return {
        sincronizado_em: d.sincronizado_em ? toIso(d.sincronizado_em) : null,
        pessoas: linhas.map((l) => ({
          nome: l.nome ?? "Pessoa removida",
          usuario: l.id_no_dispositivo,
          estado: l.estado,
          motivo: l.motivo,
          remover: l.remover,
          atualizado_em: toIso(l.atualizado_em),
        })),
      };
    },

    /**
     * The sweep (§2.4: 'on change within 10 s'): every active device the portal can reach whose
     * condominium's people changed since its last round is synchronised; `todos` (the nightly
     * round) takes every one. Any instance may run it. A device that calls out has its round
     * started apart (it lasts as long as the device's polls take) and held by one instance at a time.
     */
    async varrer(todos = false): Promise<number> {
      const ativos = (
        await db
          .select(colunas)
          .from(dispositivos)
          .where(and(eq(dispositivos.ativo, true), sql`${dispositivos.estado} <> 'offline'`))
      ).filter((d) => d.conexao === "direta" || drivers[d.fabricante].sincronizaPelaSaida);
      const marcas = new Map<string, string>();
      let n = 0;
      for (const d of ativos) {
        if (!todos) {
          if (!marcas.has(d.condominio_id)) marcas.set(d.condominio_id, marcaDe(await quemPodeEntrar(d.condominio_id)));
          if (marcas.get(d.condominio_id) === d.sincronizacao_marca) continue;
        }
        if (d.conexao === "saida") {
          void emSegundoPlano(d);
          n++;
          continue;
        }
        try {
          await sincronizarDispositivo(d);
          n++;
        } catch (error) {
          log?.warn({ err: error, dispositivo: d.id }, "sincronização do dispositivo falhou");
        }
      }
      return n;
    },

    /** Waits for the rounds on devices that call out under way here (the server is closing). */
    async encerrar(): Promise<void> {
      while (emCurso.size > 0) await Promise.all([...emCurso]);
    },
  };
}

const semContato = (error: FalhaDoDispositivo) => error.motivo === "sem_resposta" || error.motivo === "inalcancavel";

export type SincronizacaoService = ReturnType<typeof sincronizacaoService>;
