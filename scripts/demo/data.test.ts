import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { isValidCep, UFS } from "@shared/br/cep";
import { isValidCnpj } from "@shared/br/cnpj";
import { isValidCpf } from "@shared/br/cpf";
import { nomeComparavel } from "@shared/br/documento";
import { isValidPlaca } from "@shared/br/placa";
import {
  CODIGO_ALFABETO,
  dayEndInSaoPaulo,
  horaCurta,
  mensagemExpirada,
  mensagemForaDoHorario,
  situacaoAutorizacao,
  weekdayInSaoPaulo,
  AUTORIZACAO_CANCELADA,
  type AutorizacaoRegras,
} from "@shared/schemas/visitantes";
import { dateInSaoPaulo, dayStartInSaoPaulo, formatTime } from "@shared/time";
import { recusaAutorizacao } from "../../src/server/modules/controle-acesso/decisao";
import { verificarCadeia } from "../../src/server/modules/registros/cadeia";
import { cofreDeCodigos } from "../../src/server/modules/encomendas/codigo";
import { verificarCustodia } from "../../src/server/modules/encomendas/cadeia";
import { diasAguardando } from "@shared/schemas/encomendas";
import { checkPasswordStrength, MIN_PASSWORD_SCORE, passwordUserInputs } from "../../src/server/auth/password-strength";
import { ADMIN, createTestApp, request, signIn, TEST_DEVICE_KEY, type TestApp } from "../../src/server/testing/harness";
import { DEMO_DOMAIN, DEMO_MARKER_KEY, DEMO_PASSWORD, DEMO_GROUPS, DemoRefusedError, demoCounts, demoRegistros, seedDemo, type DemoResult } from "./data";
import { DEMO_OPERADOR } from "./historico";
import { DIAS_DE_ENCOMENDAS, ENCOMENDAS_POR_DIA } from "./encomendas";
import * as schema from "../../src/server/db/schema";

const SCALE = 0.005;
const DAY = 24 * 60 * 60 * 1000;

describe("seed:demo", () => {
  let app: TestApp;
  let result: DemoResult;

  beforeAll(async () => {
    app = await createTestApp();
    result = await seedDemo(app.database.db, app.auth, { scale: SCALE, chave: app.cadeia.chave, chaveDispositivos: Buffer.from(TEST_DEVICE_KEY, "utf8") });
  });
  afterAll(async () => {
    await app?.close();
  });

  const count = async (
    table: typeof schema.condominios | typeof schema.unidades | typeof schema.moradores | typeof schema.veiculos | typeof schema.prestadores,
    ativo?: boolean,
  ) => {
    const [row] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(ativo === undefined ? undefined : eq(table.ativo, ativo));
    return row!.n;
  };

  it("writes the counts of the scale, with some inactive records, and the demo marker", async () => {
    const expected = demoCounts(SCALE);
    expect(expected).toEqual({ condominios: 1, unidades: 200, moradores: 500, veiculos: 300, prestadores: 25, usuarios: 10 });
    expect(result.counts).toEqual(expected);
    expect(await count(schema.condominios)).toBe(expected.condominios);
    expect(await count(schema.unidades)).toBe(expected.unidades);
    expect(await count(schema.moradores)).toBe(expected.moradores);
    expect(await count(schema.veiculos)).toBe(expected.veiculos);
    expect(await count(schema.prestadores)).toBe(expected.prestadores);
    for (const table of [schema.unidades, schema.moradores, schema.veiculos, schema.prestadores]) {
      expect(await count(table, false)).toBeGreaterThan(0);
    }
    const demoUsers = await app.database.db
      .select()
      .from(schema.usuarios)
      .where(like(schema.usuarios.email, `%@${DEMO_DOMAIN}`));
    expect(demoUsers).toHaveLength(expected.usuarios);
    const groups = await app.database.db.select().from(schema.grupos).where(like(schema.grupos.descricao, "%demonstração%"));
    expect(groups.map((g) => g.nome_grupo).sort()).toEqual(DEMO_GROUPS.map((g) => g.nome).sort());
    const [marker] = await app.database.db.select().from(schema.portalSettings).where(eq(schema.portalSettings.key, DEMO_MARKER_KEY));
    expect(marker?.value).toBe(String(SCALE));
  });

  it("registers the simulator's fleet in the first active condominium, at the simulator's addresses, passwords sealed", async () => {
    expect(result.dispositivos).toEqual({ total: 4, condominio: expect.any(String) });
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const lista = (await request(app, "GET", "/api/dispositivos?limit=50", { cookie: admin })).json().rows as {
      nome: string;
      condominio: { nome: string };
      conexao: string;
      endereco: string;
    }[];
    const daFrota = lista.filter((d) => d.nome.endsWith("(simulador)"));
    expect(daFrota.map((d) => d.endereco).sort()).toEqual(["http://127.0.0.1:7101", "http://127.0.0.1:7102", "http://127.0.0.1:7103", "http://127.0.0.1:7104"]);
    expect(new Set(daFrota.map((d) => d.condominio.nome))).toEqual(new Set([result.dispositivos!.condominio]));
    // Stored sealed: the table never holds the password itself.
    const senhas = await app.database.db.select({ senha: schema.dispositivos.senha }).from(schema.dispositivos);
    expect(senhas.every((r) => r.senha !== "admin" && (r.senha ?? "").length > 20)).toBe(true);
  });

  it("generates valid documents, plates, CEPs and UFs", async () => {
    const db = app.database.db;
    const condos = await db.select().from(schema.condominios);
    for (const c of condos) {
      expect(isValidCnpj(c.cnpj!), c.cnpj!).toBe(true);
      expect(isValidCep(c.cep!), c.cep!).toBe(true);
      expect(UFS).toContain(c.estado);
    }
    const residents = await db.select({ cpf: schema.moradores.cpf, nascimento: schema.moradores.data_nascimento }).from(schema.moradores);
    const cpfs = residents.map((r) => r.cpf).filter((c): c is string => c !== null);
    expect(cpfs.length).toBeGreaterThan(residents.length / 2);
    for (const cpf of cpfs) expect(isValidCpf(cpf), cpf).toBe(true);
    for (const r of residents) expect(r.nascimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const users = await db
      .select({ cpf: schema.usuarios.cpf })
      .from(schema.usuarios)
      .where(like(schema.usuarios.email, `%@${DEMO_DOMAIN}`));
    for (const u of users) expect(isValidCpf(u.cpf!), u.cpf!).toBe(true);
    const providers = await db.select().from(schema.prestadores);
    for (const p of providers) {
      const doc = p.cnpj_cpf!;
      expect(doc.length === 11 ? isValidCpf(doc) : isValidCnpj(doc), doc).toBe(true);
      if (p.data_inicio_autorizacao && p.data_fim_autorizacao) expect(p.data_fim_autorizacao >= p.data_inicio_autorizacao).toBe(true);
    }
    const plates = (await db.select({ placa: schema.veiculos.placa }).from(schema.veiculos)).map((v) => v.placa);
    for (const placa of plates) expect(isValidPlaca(placa), placa).toBe(true);
    expect(plates.some((p) => /^[A-Z]{3}\d{4}$/.test(p))).toBe(true); // old format
    expect(plates.some((p) => /^[A-Z]{3}\d[A-Z]\d{2}$/.test(p))).toBe(true); // Mercosul
  });

  it("sets a demo password that passes the strength check (as the seeds' and the harness's do)", async () => {
    const inputs = passwordUserInputs({ email: ADMIN.email, name: ["Administrador"] });
    const verdict = await checkPasswordStrength(DEMO_PASSWORD, inputs);
    expect(verdict.score, DEMO_PASSWORD).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
  });

  it("lets the active demo users sign in with the demo password, and the painel counts the active rows", async () => {
    const db = app.database.db;
    const [active] = await db
      .select()
      .from(schema.usuarios)
      .where(and(like(schema.usuarios.email, `%@${DEMO_DOMAIN}`), eq(schema.usuarios.status, "ativo"), eq(schema.usuarios.acesso_todos_condominios, true)))
      .limit(1);
    const cookie = await signIn(app, active!.email, DEMO_PASSWORD);
    const response = await request(app, "GET", "/api/painel", { cookie });
    expect(response.statusCode).toBe(200);
    const painel = response.json();
    expect(painel.unidades_ativas).toBe(await count(schema.unidades, true));
    expect(painel.moradores_ativos).toBe(await count(schema.moradores, true));
    expect(painel.veiculos_ativos).toBe(await count(schema.veiculos, true));
    expect(painel.prestadores_ativos).toBe(await count(schema.prestadores, true));
    expect(painel).toMatchObject({
      unidades_ativas: result.ativos.unidades,
      moradores_ativos: result.ativos.moradores,
      veiculos_ativos: result.ativos.veiculos,
      prestadores_ativos: result.ativos.prestadores,
    });
  });

  const demoCondoIds = async () =>
    (
      await app.database.db
        .select({ id: schema.condominios.id })
        .from(schema.condominios)
        .where(like(schema.condominios.email, `%${DEMO_DOMAIN}`))
    ).map((c) => c.id);
  const historyOf = async (condoIds: string[]) =>
    app.database.db
      .select()
      .from(schema.registrosAcesso)
      .where(inArray(schema.registrosAcesso.condominio_id, condoIds))
      .orderBy(asc(schema.registrosAcesso.condominio_id), asc(schema.registrosAcesso.seq));

  it("writes twelve months of gate history, in proportion to the scale, with refusals and blocks", async () => {
    const ids = await demoCondoIds();
    const rows = await historyOf(ids);
    expect(demoRegistros(SCALE)).toBe(50_000);
    // The target, or one over it in a condominium whose last visit's exit was the event past it
    // (cutting that exit would leave the visitor inside for ever).
    expect(rows.length - demoRegistros(SCALE)).toBeGreaterThanOrEqual(0);
    expect(rows.length - demoRegistros(SCALE)).toBeLessThanOrEqual(ids.length);
    expect(result.historico.registros).toBe(rows.length);
    const now = Date.now();
    const times = rows.map((r) => r.registrado_em.getTime());
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now - 367 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(Math.max(...times)).toBeGreaterThan(now - 2 * DAY);
    // One chain per condominium: 1, 2, 3... at strictly increasing times.
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]!.condominio_id !== rows[i - 1]!.condominio_id) continue;
      expect(rows[i]!.seq).toBe(rows[i - 1]!.seq + 1);
      expect(rows[i]!.registrado_em.getTime()).toBeGreaterThan(rows[i - 1]!.registrado_em.getTime());
    }
    expect(rows.every((r) => r.operador_nome === DEMO_OPERADOR && r.operador_id === null)).toBe(true);
    for (const tipo of ["morador", "visitante", "prestador", "entregador"]) expect(rows.some((r) => r.tipo_pessoa === tipo)).toBe(true);
    const negados = rows.filter((r) => r.resultado === "negado");
    expect(negados.length).toBeGreaterThan(rows.length * 0.01);
    expect(negados.every((r) => r.motivo)).toBe(true);
    expect(negados.some((r) => r.motivo!.startsWith("Prestador fora do período autorizado"))).toBe(true);
    expect(negados.some((r) => r.motivo!.startsWith("Pessoa bloqueada neste condomínio"))).toBe(true);
    const blocks = await app.database.db.select().from(schema.bloqueios).where(inArray(schema.bloqueios.condominio_id, ids));
    expect(blocks.length).toBeGreaterThan(0);
    expect(result.historico.bloqueios).toBe(blocks.length);
    // São Paulo rush hours (7-9 h and 17-20 h) carry more than their share of the day.
    const hourSp = (d: Date) => (d.getUTCHours() + 21) % 24;
    const rush = rows.filter((r) => [7, 8, 17, 18, 19].includes(hourSp(r.registrado_em))).length;
    expect(rush / rows.length).toBeGreaterThan(0.5);
    // Small hours: only the last visitors leaving.
    const night = rows.filter((r) => [1, 2, 3, 4].includes(hourSp(r.registrado_em)));
    expect(night.length).toBeLessThan(rows.length * 0.01);
    expect(night.every((r) => r.sentido === "saida")).toBe(true);
  });

  it("keeps the people inside now consistent with the records, and every seeded chain verifies", async () => {
    const ids = await demoCondoIds();
    const rows = await historyOf(ids);
    const chave = (r: (typeof rows)[number]) =>
      r.morador_id
        ? `morador:${r.morador_id}`
        : r.prestador_id
          ? `prestador:${r.prestador_id}`
          : r.autorizacao_id
            ? `autorizacao:${r.autorizacao_id}`
            : `visitante:${r.documento ?? nomeComparavel(r.nome_pessoa)}`;
    const last = new Map<string, (typeof rows)[number]>();
    for (const r of rows) last.set(`${r.condominio_id}|${chave(r)}`, r);
    const expected = [...last.entries()]
      .filter(([, r]) => r.sentido === "entrada" && r.resultado === "liberado")
      .map(([k, r]) => `${k}|${r.id}`)
      .sort();
    const inside = await app.database.db.select().from(schema.presencas).where(inArray(schema.presencas.condominio_id, ids));
    expect(expected.length).toBeGreaterThan(0);
    expect(inside.map((p) => `${p.condominio_id}|${p.pessoa_chave}|${p.registro_entrada_id}`).sort()).toEqual(expected);
    expect(result.historico.presencas).toBe(inside.length);

    for (const id of ids.slice(0, 3)) {
      // Sealed with the chain's key, as the portal's own import (registros/selos.ts).
      const verificacao = await verificarCadeia(app.database.db, id, 1, Number.MAX_SAFE_INTEGER, { chave: app.cadeia.chave });
      expect(verificacao).toEqual({ integra: true, verificados: rows.filter((r) => r.condominio_id === id).length });
      const [head] = await app.database.db.select().from(schema.registrosCadeia).where(eq(schema.registrosCadeia.condominio_id, id));
      const tail = rows.filter((r) => r.condominio_id === id).at(-1)!;
      expect(head).toEqual({ condominio_id: id, ultimo_seq: tail.seq, ultimo_hash: tail.hash });
    }
  });

  const parcelsOf = async (condoIds: string[]) => app.database.db.select().from(schema.encomendas).where(inArray(schema.encomendas.condominio_id, condoIds));

  it("writes a month of parcels per active condominium: most handed out within 3 days, some sent back, the recent ones waiting", async () => {
    const ativos = (await app.database.db.select().from(schema.condominios).where(eq(schema.condominios.ativo, true))).map((c) => c.id);
    const parcels = await parcelsOf(await demoCondoIds());
    expect(result.encomendas.encomendas).toBe(parcels.length);
    for (const id of ativos) {
      const doCondominio = parcels.filter((p) => p.condominio_id === id).length;
      expect(doCondominio).toBeGreaterThan(ENCOMENDAS_POR_DIA * DIAS_DE_ENCOMENDAS * 0.7);
      expect(doCondominio).toBeLessThan(ENCOMENDAS_POR_DIA * DIAS_DE_ENCOMENDAS * 1.3);
    }
    expect(parcels.every((p) => ativos.includes(p.condominio_id))).toBe(true);
    const now = Date.now();
    expect(Math.min(...parcels.map((p) => p.recebida_em.getTime()))).toBeGreaterThan(now - (DIAS_DE_ENCOMENDAS + 1) * DAY);
    expect(Math.max(...parcels.map((p) => p.recebida_em.getTime()))).toBeLessThanOrEqual(now);
    for (const t of ["mercado_livre", "shopee", "amazon", "correios", "outra"]) expect(parcels.some((p) => p.transportadora === t)).toBe(true);
    expect(parcels.filter((p) => p.tipo === "refrigerado").every((p) => p.local_armazenamento === "Geladeira")).toBe(true);
    // Mostly for a resident of the unit.
    const moradores = new Map((await app.database.db.select().from(schema.moradores)).map((m) => [m.id, m]));
    expect(parcels.filter((p) => p.morador_id).length).toBeGreaterThan(parcels.length * 0.7);
    for (const p of parcels.filter((p) => p.morador_id))
      expect(moradores.get(p.morador_id!)).toMatchObject({ unidade_id: p.unidade_id, nome_completo: p.destinatario_nome });

    const retiradas = parcels.filter((p) => p.status === "retirada");
    const devolvidas = parcels.filter((p) => p.status === "devolvida");
    const aguardando = parcels.filter((p) => p.status === "aguardando");
    expect(retiradas.length).toBeGreaterThan(parcels.length * 0.75);
    expect(devolvidas.length).toBeGreaterThan(0);
    expect(devolvidas.every((p) => p.motivo_devolucao && p.devolvida_em! > p.recebida_em)).toBe(true);
    // Handed out by code mostly, some by QR, a few by a document (always recorded then).
    const forma = (f: string) => retiradas.filter((p) => p.retirada_forma === f).length;
    expect(forma("codigo")).toBeGreaterThan(retiradas.length * 0.6);
    expect(forma("qrcode")).toBeGreaterThan(0);
    expect(forma("documento")).toBeGreaterThan(0);
    expect(retiradas.filter((p) => p.retirada_forma === "documento").every((p) => p.retirada_por_documento)).toBe(true);
    const ate3Dias = retiradas.filter((p) => p.retirada_em!.getTime() - p.recebida_em.getTime() <= 4 * DAY);
    expect(ate3Dias.length).toBeGreaterThan(retiradas.length * 0.9);
    expect(retiradas.every((p) => p.retirada_em! > p.recebida_em && p.retirada_em!.getTime() <= now)).toBe(true);
    // Waiting: the last day's (today's too once the carriers came), and some forgotten for 4 to 10
    // days ('Aguardando há N dias', the reminders).
    expect(result.encomendas.aguardando).toBe(aguardando.length);
    expect(aguardando.some((p) => diasAguardando(p.recebida_em) <= 1)).toBe(true);
    expect(aguardando.some((p) => diasAguardando(p.recebida_em) >= 4 && diasAguardando(p.recebida_em) <= 10)).toBe(true);
    expect(aguardando.filter((p) => now - p.recebida_em.getTime() >= 3 * DAY).every((p) => p.lembrado_em)).toBe(true);
  });

  it("gives each waiting parcel a real pickup code: six digits, unique in its unit, and the gate finds the parcel by it", async () => {
    const cofre = cofreDeCodigos(app.cadeia.chave);
    const aguardando = (await parcelsOf(await demoCondoIds())).filter((p) => p.status === "aguardando");
    const porUnidade = new Map<string, Set<string>>();
    for (const p of aguardando) {
      const codigo = cofre.decifrar(p.id, p.codigo_retirada_cifrado);
      expect(codigo).toMatch(/^\d{6}$/);
      expect(cofre.hash(p.unidade_id, codigo!)).toBe(p.codigo_retirada_hash);
      const codigos = porUnidade.get(p.unidade_id) ?? new Set();
      expect(codigos.has(codigo!)).toBe(false);
      porUnidade.set(p.unidade_id, codigos.add(codigo!));
    }
    // At the gate: the painel counts them, and the code of the oldest opens its parcel.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const painel = await request(app, "GET", "/api/encomendas/aguardando", { cookie: admin });
    expect(painel.statusCode, painel.body).toBe(200);
    expect(painel.json().total).toBe(aguardando.length);
    const maisAntiga = aguardando.sort((a, b) => a.recebida_em.getTime() - b.recebida_em.getTime())[0]!;
    const conferida = await request(app, "POST", "/api/encomendas/retirada/conferir", {
      cookie: admin,
      payload: { unidade_id: maisAntiga.unidade_id, codigo: cofre.decifrar(maisAntiga.id, maisAntiga.codigo_retirada_cifrado) },
    });
    expect(conferida.statusCode, conferida.body).toBe(200);
    expect(conferida.json().encomenda_id).toBe(maisAntiga.id);
  });

  it("chains each condominium's custody events in time order: received, told, handed out or sent back; the chain verifies", async () => {
    const ids = await demoCondoIds();
    const parcels = new Map((await parcelsOf(ids)).map((p) => [p.id, p]));
    const eventos = await app.database.db
      .select()
      .from(schema.encomendaEventos)
      .where(inArray(schema.encomendaEventos.condominio_id, ids))
      .orderBy(asc(schema.encomendaEventos.condominio_id), asc(schema.encomendaEventos.seq));
    expect(result.encomendas.eventos).toBe(eventos.length);
    for (let i = 1; i < eventos.length; i++) {
      if (eventos[i]!.condominio_id !== eventos[i - 1]!.condominio_id) continue;
      expect(eventos[i]!.registrado_em.getTime()).toBeGreaterThanOrEqual(eventos[i - 1]!.registrado_em.getTime());
    }
    const tipos = new Map<string, string[]>();
    for (const e of eventos) tipos.set(e.encomenda_id, [...(tipos.get(e.encomenda_id) ?? []), e.tipo]);
    for (const [id, p] of parcels) {
      const passos = tipos.get(id)!.filter((t) => t !== "notificada");
      expect(passos).toEqual(p.status === "aguardando" ? ["recebida"] : ["recebida", p.status === "retirada" ? "retirada" : "devolvida"]);
    }
    expect(eventos.some((e) => e.tipo === "notificada")).toBe(true);
    // The times are the parcels' (the import keeps them), not the seed's.
    const recebida = eventos.find((e) => e.tipo === "recebida")!;
    expect(recebida.registrado_em.getTime()).toBe(parcels.get(recebida.encomenda_id)!.recebida_em.getTime());
    for (const id of ids) {
      const doCondominio = eventos.filter((e) => e.condominio_id === id).length;
      expect(await verificarCustodia(app.database.db, id)).toEqual({ integra: true, verificados: doCondominio });
    }
  });

  it("lets nearly every visitor, provider and delivery out again: only a handful of the last week's are still inside", async () => {
    const ids = await demoCondoIds();
    const rows = await historyOf(ids);
    const now = Date.now();
    const entradas = rows.filter((r) => r.tipo_pessoa !== "morador" && r.sentido === "entrada" && r.resultado === "liberado");
    const inside = await app.database.db.select().from(schema.presencas).where(inArray(schema.presencas.condominio_id, ids));
    const naoMoradores = inside.filter((p) => p.tipo_pessoa !== "morador");
    // Inside past the default 12 hours: what 'Quem está no condomínio' flags 'Saída não registrada'.
    const esquecidos = naoMoradores.filter((p) => p.entrou_em.getTime() < now - 12 * 60 * 60 * 1000);
    expect(entradas.length).toBeGreaterThan(1000);
    expect(esquecidos.length / entradas.length).toBeLessThan(0.001);
    expect(esquecidos.length).toBeLessThanOrEqual(3 * ids.length);
    expect(naoMoradores.every((p) => p.entrou_em.getTime() > now - 8 * DAY)).toBe(true);
  });

  it("lets the demo síndicos keep their condominiums' blocklist", async () => {
    expect(DEMO_GROUPS.find((g) => g.nome === "Síndicos")!.permissoes).toContain("gerenciar_bloqueios_acesso");
    const db = app.database.db;
    const [sindico] = await db
      .select({ email: schema.usuarios.email })
      .from(schema.usuarios)
      .innerJoin(schema.usuarioGrupos, eq(schema.usuarioGrupos.usuario_id, schema.usuarios.id))
      .innerJoin(schema.grupos, eq(schema.grupos.id, schema.usuarioGrupos.grupo_id))
      .where(and(eq(schema.grupos.nome_grupo, "Síndicos"), eq(schema.usuarios.status, "ativo")))
      .limit(1);
    const cookie = await signIn(app, sindico!.email, DEMO_PASSWORD);
    const bloqueios = await request(app, "GET", "/api/bloqueios", { cookie });
    expect(bloqueios.statusCode).toBe(200);
  });

  it("writes visitors' pre-authorisations of every kind and situation, created by the condominium's síndico, with valid codes", async () => {
    const db = app.database.db;
    const ids = await demoCondoIds();
    const rows = await db.select().from(schema.autorizacoesVisita).where(inArray(schema.autorizacoesVisita.condominio_id, ids));
    expect(result.historico.autorizacoes).toBe(rows.length);
    for (const id of ids) {
      const n = rows.filter((a) => a.condominio_id === id).length;
      expect(n).toBeGreaterThanOrEqual(20);
      expect(n).toBeLessThanOrEqual(50);
    }
    const now = Date.now();
    const situacoes = new Set(rows.map((a) => `${a.tipo}:${situacaoAutorizacao(a as AutorizacaoRegras, now)}`));
    for (const s of ["unica:utilizada", "unica:ativa", "unica:expirada", "unica:cancelada", "periodo:ativa", "periodo:expirada", "periodo:utilizada"])
      expect(situacoes, s).toContain(s);
    for (const s of ["recorrente:ativa", "recorrente:expirada", "recorrente:cancelada"]) expect(situacoes, s).toContain(s);
    // 'Única' still to come today and tomorrow; recurring ones in force with uses, issue 16's diarista among them.
    const today = dateInSaoPaulo(now);
    const futuras = rows.filter((a) => a.tipo === "unica" && a.status === "ativa" && dateInSaoPaulo(a.valido_ate) >= today);
    expect(futuras.some((a) => dateInSaoPaulo(a.valido_de) === today)).toBe(true);
    expect(futuras.some((a) => dateInSaoPaulo(a.valido_de) > today)).toBe(true);
    const recorrentes = rows.filter((a) => a.tipo === "recorrente" && situacaoAutorizacao(a as AutorizacaoRegras, now) === "ativa");
    expect(recorrentes.every((a) => a.entradas_usadas > 0)).toBe(true);
    expect(recorrentes.some((a) => a.dias_semana?.join() === "1,4" && a.hora_inicio === "08:00:00" && a.hora_fim === "17:00:00")).toBe(true);

    const active = rows.filter((a) => a.status === "ativa").map((a) => a.codigo);
    expect(new Set(active).size).toBe(active.length);
    const sindicos = await db
      .select({ id: schema.usuarios.id, condominio: schema.usuarioCondominios.condominio_id })
      .from(schema.usuarios)
      .innerJoin(schema.usuarioGrupos, eq(schema.usuarioGrupos.usuario_id, schema.usuarios.id))
      .innerJoin(schema.grupos, eq(schema.grupos.id, schema.usuarioGrupos.grupo_id))
      .innerJoin(schema.usuarioCondominios, eq(schema.usuarioCondominios.usuario_id, schema.usuarios.id))
      .where(eq(schema.grupos.nome_grupo, "Síndicos"));
    const residents = await db.select({ id: schema.moradores.id, unidade: schema.moradores.unidade_id, ativo: schema.moradores.ativo }).from(schema.moradores);
    for (const a of rows) {
      expect([...a.codigo].every((c) => CODIGO_ALFABETO.includes(c)) && /\d/.test(a.codigo) && /[A-Z]/.test(a.codigo), a.codigo).toBe(true);
      expect(sindicos.some((s) => s.id === a.criado_por && s.condominio === a.condominio_id)).toBe(true);
      expect(residents.find((m) => m.id === a.morador_id)).toMatchObject({ unidade: a.unidade_id, ativo: true });
      // Validity as the server stores it: the first and last instants of São Paulo days.
      expect(a.valido_de).toEqual(dayStartInSaoPaulo(dateInSaoPaulo(a.valido_de)));
      expect(a.valido_ate).toEqual(dayEndInSaoPaulo(dateInSaoPaulo(a.valido_ate)));
      expect(a.created_at.getTime()).toBeLessThanOrEqual(a.updated_at.getTime());
      expect(a.updated_at.getTime()).toBeLessThanOrEqual(now);
    }
  });

  it("records the pre-authorised visitors' entries as the gate decides them: uses counted, weekdays and windows kept, refusals with the server's texts", async () => {
    const db = app.database.db;
    const ids = await demoCondoIds();
    const autorizacoes = await db.select().from(schema.autorizacoesVisita).where(inArray(schema.autorizacoesVisita.condominio_id, ids));
    const rows = (await historyOf(ids)).filter((r) => r.autorizacao_id);
    const byId = new Map(autorizacoes.map((a) => [a.id, a]));
    expect(rows.length).toBeGreaterThan(autorizacoes.length);
    for (const r of rows) {
      const a = byId.get(r.autorizacao_id!)!;
      expect(r).toMatchObject({ tipo_pessoa: "visitante", condominio_id: a.condominio_id, unidade_id: a.unidade_id, nome_pessoa: a.nome_visitante });
      expect(r.documento).toBe(a.documento_numero);
      if (r.sentido === "entrada") expect(["codigo", "qrcode"]).toContain(r.metodo);
      if (r.sentido === "entrada") expect(r.registrado_em.getTime()).toBeGreaterThan(a.created_at.getTime());
    }
    for (const a of autorizacoes) {
      const entradas = rows.filter((r) => r.autorizacao_id === a.id && r.sentido === "entrada");
      const liberadas = entradas.filter((r) => r.resultado === "liberado");
      expect(a.entradas_usadas, a.id).toBe(liberadas.length);
      if (a.tipo === "unica") expect(a.status === "utilizada").toBe(a.entradas_usadas === 1);
      // Each attempt again through the server's rule, on the authorisation as it stood then
      // (cancelled from its last update on): the same decision and the same text.
      const state: AutorizacaoRegras = { ...(a as AutorizacaoRegras), status: "ativa", entradas_usadas: 0 };
      for (const r of entradas) {
        if (a.status === "cancelada" && r.registrado_em.getTime() >= a.updated_at.getTime()) state.status = "cancelada";
        expect(r.motivo, `${a.tipo} ${r.registrado_em.toISOString()}`).toBe(recusaAutorizacao(state, r.registrado_em));
        if (r.resultado === "liberado") {
          state.entradas_usadas++;
          if (a.tipo === "unica" || (a.max_entradas !== null && state.entradas_usadas >= a.max_entradas)) state.status = "utilizada";
        }
      }
      // Recurring visitors let in on their weekdays and inside their window, São Paulo time.
      if (a.tipo === "recorrente") {
        for (const r of liberadas) {
          expect(a.dias_semana).toContain(weekdayInSaoPaulo(r.registrado_em));
          const hora = formatTime(r.registrado_em);
          expect(hora >= horaCurta(a.hora_inicio!) && hora <= horaCurta(a.hora_fim!), `${hora} ${a.hora_inicio}-${a.hora_fim}`).toBe(true);
          expect(r.registrado_em >= a.valido_de && r.registrado_em <= a.valido_ate).toBe(true);
        }
      }
    }
    const negados = rows.filter((r) => r.resultado === "negado");
    expect(
      negados.some((r) => {
        const a = byId.get(r.autorizacao_id!)!;
        return a.tipo === "recorrente" && r.motivo === mensagemForaDoHorario(a.dias_semana, a.hora_inicio!, a.hora_fim!);
      }),
    ).toBe(true);
    expect(negados.some((r) => r.motivo === AUTORIZACAO_CANCELADA)).toBe(true);
    expect(negados.some((r) => r.motivo === mensagemExpirada(byId.get(r.autorizacao_id!)!.valido_ate))).toBe(true);
    // Who is inside on an authorisation is kept under its key.
    const inside = await db.select().from(schema.presencas).where(like(schema.presencas.pessoa_chave, "autorizacao:%"));
    for (const p of inside) expect(p.pessoa_chave).toBe(`autorizacao:${p.autorizacao_id}`);
    expect(inside.length).toBeGreaterThan(0);
  });

  it("replaces its own data when run again, with the same (deterministic) data", async () => {
    const snapshot = async () =>
      (await app.database.db.select({ cnpj: schema.condominios.cnpj, nome: schema.condominios.nome }).from(schema.condominios))
        .map((c) => `${c.nome}|${c.cnpj}`)
        .concat((await app.database.db.select({ placa: schema.veiculos.placa }).from(schema.veiculos)).map((v) => v.placa))
        .sort();
    const before = await snapshot();
    const again = await seedDemo(app.database.db, app.auth, { scale: SCALE, chave: app.cadeia.chave });
    expect(again.replaced).toBe(true);
    expect(await count(schema.condominios)).toBe(result.counts.condominios);
    expect(await count(schema.moradores)).toBe(result.counts.moradores);
    const users = await app.database.db
      .select()
      .from(schema.usuarios)
      .where(like(schema.usuarios.email, `%@${DEMO_DOMAIN}`));
    expect(users).toHaveLength(result.counts.usuarios);
    expect(await snapshot()).toEqual(before);
    // The history too: replaced (not added to), and its chains verify from 1.
    const ids = await demoCondoIds();
    const historico = await historyOf(ids);
    expect(historico.length - demoRegistros(SCALE)).toBeGreaterThanOrEqual(0);
    expect(historico.length - demoRegistros(SCALE)).toBeLessThanOrEqual(ids.length);
    for (const id of ids)
      expect(await verificarCadeia(app.database.db, id, 1, Number.MAX_SAFE_INTEGER, { chave: app.cadeia.chave })).toMatchObject({ integra: true });
    // The pre-authorisations too (replaced, not added to).
    const [autorizacoes] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.autorizacoesVisita);
    expect(autorizacoes!.n).toBe(result.historico.autorizacoes);
    expect(again.historico.autorizacoes).toBe(result.historico.autorizacoes);
    // The parcels too: replaced, their chains from 1.
    const [encomendas] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.encomendas);
    expect(encomendas!.n).toBe(again.encomendas.encomendas);
    expect(again.encomendas.encomendas).toBeGreaterThan(0);
    for (const id of ids) expect(await verificarCustodia(app.database.db, id)).toMatchObject({ integra: true });
  });

  it("refuses a database with non-demo data unless forced", async () => {
    const db = app.database.db;
    await db.insert(schema.condominios).values({ nome: "Condomínio Real", email: "sindico@real.com.br" });
    const before = await count(schema.moradores);
    await expect(seedDemo(db, app.auth, { scale: SCALE })).rejects.toThrow(DemoRefusedError);
    await expect(seedDemo(db, app.auth, { scale: SCALE })).rejects.toThrow(/não são dados de demonstração.*--force/);
    expect(await count(schema.moradores)).toBe(before);

    const forced = await seedDemo(db, app.auth, { scale: SCALE, force: true });
    expect(forced.counts.condominios).toBe(1);
    // The real condominium stays; the demo one was replaced.
    expect(await count(schema.condominios)).toBe(2);
    const [real] = await db.select().from(schema.condominios).where(eq(schema.condominios.nome, "Condomínio Real"));
    expect(real).toBeDefined();
  });

  it("gives each porteiro one condominium and each síndico one to three, and their painel counts only those", async () => {
    const db = app.database.db;
    const served = async (grupo: string) => {
      const rows = await db
        .select({ id: schema.usuarios.id, email: schema.usuarios.email, todos: schema.usuarios.acesso_todos_condominios, status: schema.usuarios.status })
        .from(schema.usuarios)
        .innerJoin(schema.usuarioGrupos, eq(schema.usuarioGrupos.usuario_id, schema.usuarios.id))
        .innerJoin(schema.grupos, eq(schema.grupos.id, schema.usuarioGrupos.grupo_id))
        .where(eq(schema.grupos.nome_grupo, grupo));
      expect(rows.length).toBeGreaterThan(0);
      const links = await db.select().from(schema.usuarioCondominios);
      return rows.map((r) => ({ ...r, condominios: links.filter((l) => l.usuario_id === r.id).map((l) => l.condominio_id) }));
    };
    const porteiros = await served("Porteiros");
    for (const p of porteiros) expect(p).toMatchObject({ todos: false, condominios: [expect.any(String)] });
    for (const s of await served("Síndicos")) {
      expect(s.todos).toBe(false);
      expect(s.condominios.length).toBeGreaterThanOrEqual(1);
      expect(s.condominios.length).toBeLessThanOrEqual(3);
    }

    const porteiro = porteiros.find((p) => p.status === "ativo")!;
    const cookie = await signIn(app, porteiro.email, DEMO_PASSWORD);
    const condominio = porteiro.condominios[0]!;
    const options = (await request(app, "GET", "/api/painel/condominios", { cookie })).json();
    expect(options.rows.map((r: { id: string }) => r.id)).toEqual([condominio]);
    const painel = (await request(app, "GET", "/api/painel", { cookie })).json();
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.unidades)
      .where(and(eq(schema.unidades.condominio_id, condominio), eq(schema.unidades.ativo, true)));
    expect(painel.unidades_ativas).toBe(counted!.n);
  });

  it("refuses to replace demo condominiums that have access records it did not make, which cannot be deleted, and writes nothing", async () => {
    const db = app.database.db;
    const [demo] = await db
      .select()
      .from(schema.condominios)
      .where(like(schema.condominios.email, `%${DEMO_DOMAIN}`))
      .limit(1);
    await db.insert(schema.registrosAcesso).values({
      condominio_id: demo!.id,
      tipo_pessoa: "visitante",
      nome_pessoa: "Visita da Demonstração",
      sentido: "entrada",
      resultado: "liberado",
      metodo: "manual",
    });
    // Chained by the trigger after the seeded history, which still verifies with it.
    const [made] = await db.select().from(schema.registrosAcesso).where(eq(schema.registrosAcesso.nome_pessoa, "Visita da Demonstração"));
    expect(made!.seq).toBe((await historyOf([demo!.id])).length);
    expect(await verificarCadeia(db, demo!.id)).toEqual({ integra: true, verificados: made!.seq });
    const before = await count(schema.moradores);
    await expect(seedDemo(db, app.auth, { scale: SCALE, force: true })).rejects.toThrow(/já têm 1 registro\(s\) de acesso.*banco novo/);
    expect(await count(schema.moradores)).toBe(before);
    expect(await historyOf([demo!.id])).toHaveLength(made!.seq);
  });
});
