import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVRO_TEXTOS } from "@shared/schemas/livro";
import { dayStartInSaoPaulo, formatDate, nextDate } from "@shared/time";
import type { Db } from "../../db/client";
import { filaEmails, ocorrencias, resumoDiarioAssinaturas, resumoDiarioEnvios, turnos } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";
import { startSmtpServer } from "../../testing/smtp-sink";
import { diaAnterior, enviarResumosDiarios } from "./resumo";

// The síndico's daily summary of the shift book (gate-operation-spec §5; decision 0280): the
// preference in Minha conta, and the morning's e-mail as the síndico reads it — only the entries
// he may see, of his condominiums, the parcels waiting and the refusals at the gate, once a day.

const smtp = await startSmtpServer();
const t = await createTestApp({ smtpUrl: smtp.url });
afterAll(async () => {
  await t.close();
  await smtp.close();
});
const db = t.database.db;

/** 10:00 in São Paulo today (the job runs from 07:00); the summary is of the day before. */
const agora = dayStartInSaoPaulo(diaAnterior(Date.now() + 86_400_000)).getTime() + 10 * 3_600_000;
const ontem = diaAnterior(agora);
/** An instant of São Paulo's `dia` at `hhmm`. */
const as = (dia: string, hhmm: string) => new Date(dayStartInSaoPaulo(dia).getTime() + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000);
const anteontem = diaAnterior(dayStartInSaoPaulo(ontem).getTime());
const hoje = nextDate(ontem);

const c = { a: "", b: "" };
let unidadeA = "";
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
let sindico: Awaited<ReturnType<typeof userWithPermissions>>;
let sindicoB: Awaited<ReturnType<typeof userWithPermissions>>;
let semPermissao: Awaited<ReturnType<typeof userWithPermissions>>;
let naoAssinante: Awaited<ReturnType<typeof userWithPermissions>>;
let inativo: Awaited<ReturnType<typeof userWithPermissions>>;

type Entrada = Partial<typeof ocorrencias.$inferInsert> & { titulo: string; em: Date };

/**
 * A past shift of the porteiro at `condominioId`, its entries and its close, written as the demo's
 * import of history does (the triggers keep the given times). Returns the entries' ids.
 */
async function turnoPassado(condominioId: string, inicio: Date, fim: Date, entradas: Entrada[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    const [turno] = await tx
      .insert(turnos)
      .values({ condominio_id: condominioId, operador: porteiro.usuarioId, operador_nome: "Paulo Porteiro", iniciado_em: inicio })
      .returning({ id: turnos.id });
    const ids: string[] = [];
    for (const { em, ...e } of entradas) {
      const [row] = await tx
        .insert(ocorrencias)
        .values({
          condominio_id: condominioId,
          turno_id: turno!.id,
          tipo: "ocorrencia",
          prioridade: "normal",
          criada_por: porteiro.usuarioId,
          criada_por_nome: "Paulo Porteiro",
          created_at: em,
          ...e,
        })
        .returning({ id: ocorrencias.id });
      ids.push(row!.id);
    }
    await tx.update(turnos).set({ encerrado_em: fim, passagem: "Sem novidades." }).where(eq(turnos.id, turno!.id));
    return ids;
  });
}

const resumir = (quando = agora) => enviarResumosDiarios({ db: db as Db, outbox: t.outbox, publicUrl: "https://portal.exemplo.com.br" }, quando);
const filaDe = (email: string) =>
  db
    .select()
    .from(filaEmails)
    .where(sql`${filaEmails.destinatario} = ${email} and ${filaEmails.tipo} = 'resumo_diario'`);

beforeAll(async () => {
  const admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
  c.a = (await fixtures.criar("/api/condominios", { nome: "Residencial Resumo A" })).id;
  c.b = (await fixtures.criar("/api/condominios", { nome: "Residencial Resumo B" })).id;
  unidadeA = (await fixtures.criar("/api/unidades", { condominio_id: c.a, bloco: "A", numero_unidade: "101" })).id;
  const unidadeB = (await fixtures.criar("/api/unidades", { condominio_id: c.b, bloco: "B", numero_unidade: "201" })).id;
  porteiro = await userWithPermissions(t, "porteiro.resumo@teste.local", ["registrar_ocorrencias", "gerenciar_encomendas"]);
  sindico = await userWithPermissions(t, "sindico.resumo@teste.local", ["visualizar_ocorrencias"], [c.a]);
  sindicoB = await userWithPermissions(t, "sindico.b.resumo@teste.local", ["visualizar_ocorrencias"], [c.b]);
  semPermissao = await userWithPermissions(t, "sem.permissao.resumo@teste.local", ["visualizar_encomendas"], [c.a]);
  naoAssinante = await userWithPermissions(t, "nao.assinante.resumo@teste.local", ["visualizar_ocorrencias"], [c.a]);
  inativo = await userWithPermissions(t, "inativo.resumo@teste.local", ["visualizar_ocorrencias"], [c.a]);

  // The day before yesterday: an item still open (listed as open, not among yesterday's entries).
  await turnoPassado(c.a, as(anteontem, "07:00"), as(anteontem, "19:00"), [
    { titulo: "Infiltração no hall do bloco A", tipo: "manutencao", visivel_sindico: true, em: as(anteontem, "09:00") },
  ]);
  // Yesterday at A: visible items (one resolved later that day), an invisible one, and a follow-up.
  const [portao, lampada] = await turnoPassado(c.a, as(ontem, "07:00"), as(ontem, "19:00"), [
    { titulo: "Portão da garagem travado", prioridade: "alta", tipo: "seguranca", unidade_id: unidadeA, visivel_sindico: true, em: as(ontem, "08:15") },
    { titulo: "Lâmpada queimada na garagem", tipo: "manutencao", visivel_sindico: true, em: as(ontem, "10:30") },
    { titulo: "Recado reservado para o zelador", tipo: "recado", visivel_sindico: false, em: as(ontem, "11:00") },
  ]);
  // The night shift: the lamp replaced; a complement to the gate; late at night (after 21:00 in
  // São Paulo is the next day in UTC) a noise complaint — all of yesterday.
  await turnoPassado(c.a, as(ontem, "19:00"), as(hoje, "07:00"), [
    { natureza: "resolucao", ocorrencia_original_id: lampada, titulo: "-", descricao: "Lâmpada trocada", em: as(ontem, "20:10") },
    { natureza: "complemento", ocorrencia_original_id: portao, titulo: "-", descricao: "Técnico chamado", em: as(ontem, "21:40") },
    { titulo: "Barulho após 22 h no 101", unidade_id: unidadeA, visivel_sindico: true, em: as(ontem, "23:30") },
    // Today's: not in yesterday's summary.
    { titulo: "Entregador insistente", tipo: "recado", visivel_sindico: true, em: as(hoje, "00:20") },
  ]);
  // Yesterday at B: never in A's síndico's e-mail.
  await turnoPassado(c.b, as(ontem, "07:00"), as(ontem, "19:00"), [
    { titulo: "Vazamento na piscina do B", tipo: "manutencao", visivel_sindico: true, em: as(ontem, "09:00") },
  ]);

  // Parcels waiting now: two at A, one at B.
  for (const [condominio_id, unidade_id] of [
    [c.a, unidadeA],
    [c.a, unidadeA],
    [c.b, unidadeB],
  ] as const) {
    const r = await request(t, "POST", "/api/encomendas", {
      cookie: porteiro.cookie,
      payload: { condominio_id, unidade_id, destinatario_nome: "Marta Moradora", transportadora: "correios", tipo: "caixa" },
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  // Refusals at the gate: three at A yesterday (one at 23:50, UTC's next day), one at A today, one at B.
  await importarRegistros(db as Db, [
    registro(c.a, { resultado: "negado", motivo: "Visitante sem autorização", nome_pessoa: "Carlos Visitante", registrado_em: as(ontem, "09:05") }),
    registro(c.a, { resultado: "liberado", nome_pessoa: "Ana Liberada", registrado_em: as(ontem, "09:30") }),
    registro(c.a, { resultado: "negado", motivo: "Morador não atendeu", nome_pessoa: "Diego Entregador", registrado_em: as(ontem, "14:00") }),
    registro(c.a, { resultado: "negado", motivo: "Pessoa bloqueada", nome_pessoa: "Eva Bloqueada", registrado_em: as(ontem, "23:50") }),
    registro(c.a, { resultado: "negado", motivo: "Fora do horário", nome_pessoa: "Fábio Hoje", registrado_em: as(hoje, "06:00") }),
    registro(c.b, { resultado: "negado", motivo: "Sem cadastro", nome_pessoa: "Gustavo do B", registrado_em: as(ontem, "12:00") }),
  ]);
});

describe("the preference in Minha conta", () => {
  it("reads off, turns on and off for the signed-in síndico, and refuses who may not read the book", async () => {
    const ler = async (cookie = sindico.cookie) => {
      const r = await request(t, "GET", "/api/livro/resumo-diario", { cookie });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const salvar = async (ativo: unknown, cookie = sindico.cookie) => request(t, "PUT", "/api/livro/resumo-diario", { cookie, payload: { ativo } });
    expect(await ler()).toEqual({ ativo: false });
    expect((await salvar(true)).json()).toEqual({ ativo: true });
    expect((await salvar(true)).json()).toEqual({ ativo: true });
    expect(await ler()).toEqual({ ativo: true });
    expect((await salvar(false)).json()).toEqual({ ativo: false });
    expect(await ler()).toEqual({ ativo: false });
    expect((await salvar("sim")).statusCode).toBe(400);
    expect((await salvar(true)).statusCode).toBe(200);
    // Another user's choice is his own.
    expect(await ler(naoAssinante.cookie)).toEqual({ ativo: false });
    expect((await request(t, "GET", "/api/livro/resumo-diario", { cookie: semPermissao.cookie })).statusCode).toBe(403);
    expect((await salvar(true, semPermissao.cookie)).statusCode).toBe(403);
  });
});

describe("the daily e-mail", () => {
  beforeAll(async () => {
    for (const u of [sindicoB, inativo])
      expect((await request(t, "PUT", "/api/livro/resumo-diario", { cookie: u.cookie, payload: { ativo: true } })).statusCode).toBe(200);
    await request(t, "PUT", "/api/livro/resumo-diario", { cookie: sindico.cookie, payload: { ativo: true } });
    // Subscribed once, the permission since taken away (the row stays; the job checks the permission).
    await db.insert(resumoDiarioAssinaturas).values({ usuario_id: semPermissao.usuarioId });
    await db.execute(sql`update portaria_web_usuarios set status = 'inativo' where id = ${inativo.usuarioId}`);
  });

  it("sends each subscriber one summary of yesterday with what he may see of his condominiums", async () => {
    expect(await resumir()).toBe(2);
    await t.outbox.deliverPending();
    const mail = await smtp.waitFor("sindico.resumo@teste.local");
    expect(mail.subject).toBe(LIVRO_TEXTOS.resumoAssunto(formatDate(ontem)));
    for (const part of [mail.text, mail.html.replace(/&quot;/g, '"').replace(/&#39;/g, "'")]) {
      expect(part).toContain("Residencial Resumo A");
      expect(part).toContain("08:15 · Segurança · Alta · Portão da garagem travado (Bloco A - 101) · por Paulo Porteiro");
      expect(part).toContain("10:30 · Manutenção · Normal · Lâmpada queimada na garagem · por Paulo Porteiro");
      expect(part).toContain(LIVRO_TEXTOS.resolvidaPor("Paulo Porteiro", as(ontem, "20:10")));
      expect(part).toContain('20:10 · Resolução · Lâmpada queimada na garagem · por Paulo Porteiro — "Lâmpada trocada"');
      expect(part).toContain('21:40 · Complemento · Portão da garagem travado (Bloco A - 101) · por Paulo Porteiro — "Técnico chamado"');
      expect(part).toContain("23:30 · Ocorrência · Normal · Barulho após 22 h no 101 (Bloco A - 101)");
      // Still open and visible: yesterday's gate and noise, and the day before's leak; the gate ('alta') first.
      expect(part).toContain("Itens em aberto (3)");
      expect(part.indexOf("Segurança · Alta · Portão da garagem travado (Bloco A - 101) · desde")).toBeLessThan(
        part.indexOf("Infiltração no hall do bloco A · desde"),
      );
      expect(part).toMatch(/2 aguardando; a mais antiga desde \d\d\/\d\d\/\d{4} \d\d:\d\d/);
      expect(part).toContain("Acessos negados na portaria (3)");
      expect(part).toContain("09:05 · Carlos Visitante · Visitante sem autorização");
      expect(part).toContain("23:50 · Eva Bloqueada · Pessoa bloqueada");
      // Never the invisible entry, today's, nor anything of B.
      for (const nunca of ["Recado reservado", "Entregador insistente", "Fábio Hoje", "Ana Liberada", "Residencial Resumo B", "Vazamento", "Gustavo"])
        expect(part).not.toContain(nunca);
    }
    expect(mail.text).toContain("https://portal.exemplo.com.br/portaria-web/livro");

    const b = await smtp.waitFor("sindico.b.resumo@teste.local");
    expect(b.text).toContain("Residencial Resumo B");
    expect(b.text).toContain("Vazamento na piscina do B");
    expect(b.text).toContain("1 aguardando");
    expect(b.text).toContain("Acessos negados na portaria (1)");
    expect(b.text).not.toContain("Residencial Resumo A");
    expect(b.text).not.toContain("Portão da garagem");
  });

  it("sends nothing twice for a day, nor to who did not ask, lost the permission or is inactive", async () => {
    expect(await resumir()).toBe(0);
    expect(await resumir(agora + 3 * 3_600_000)).toBe(0);
    await t.outbox.deliverPending();
    expect(await filaDe("sindico.resumo@teste.local")).toHaveLength(1);
    expect(await filaDe("sindico.b.resumo@teste.local")).toHaveLength(1);
    for (const u of ["nao.assinante.resumo@teste.local", "sem.permissao.resumo@teste.local", "inativo.resumo@teste.local"]) {
      expect(await filaDe(u)).toHaveLength(0);
      expect(smtp.inbox.some((m) => m.to.includes(u))).toBe(false);
    }
    expect(smtp.inbox.filter((m) => m.to.includes("sindico.resumo@teste.local"))).toHaveLength(1);
    expect(await db.select().from(resumoDiarioEnvios).where(eq(resumoDiarioEnvios.usuario_id, sindico.usuarioId))).toEqual([
      expect.objectContaining({ dia: ontem }),
    ]);
  });

  it("two instances at once still send one", async () => {
    const amanha = agora + 86_400_000;
    const [x, y] = await Promise.all([resumir(amanha), resumir(amanha)]);
    expect(x + y).toBe(2);
    expect(await filaDe("sindico.resumo@teste.local")).toHaveLength(2);
  });

  it("tells a síndico with nothing that day so, in a short e-mail", async () => {
    // Two days on: nothing was written, no refusal; the open items and the parcels still show.
    const depois = agora + 2 * 86_400_000;
    await db.delete(resumoDiarioAssinaturas).where(eq(resumoDiarioAssinaturas.usuario_id, sindicoB.usuarioId));
    const vazio = await userWithPermissions(t, "vazio.resumo@teste.local", ["visualizar_ocorrencias"], []);
    await db.insert(resumoDiarioAssinaturas).values({ usuario_id: vazio.usuarioId });
    expect(await resumir(depois)).toBe(2);
    await t.outbox.deliverPending();
    const mail = await smtp.waitFor("vazio.resumo@teste.local");
    expect(mail.text).toContain("Nada registrado.");
    const assunto = LIVRO_TEXTOS.resumoAssunto(formatDate(diaAnterior(depois)));
    await expect.poll(() => smtp.inbox.some((m) => m.to.includes("sindico.resumo@teste.local") && m.subject === assunto)).toBe(true);
    const a = smtp.inbox.find((m) => m.to.includes("sindico.resumo@teste.local") && m.subject === assunto)!;
    expect(a.text).toContain("Registros do dia (0)");
    expect(a.text).toContain("Nada registrado neste dia.");
    // Today's recado, written after yesterday's summary, is among the open items by then.
    expect(a.text).toContain("Itens em aberto (4)");
    expect(a.text).toContain("Recado · Normal · Entregador insistente");
  });
});
