import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { moradores, notificacoes } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, residentWithAccount, signIn, testConfig, userWithPermissions } from "../../testing/harness";
import { esperar } from "../../testing/fakes/http";
import { iniciarSmsFalso } from "../../testing/fakes/sms";
import { iniciarWhatsAppFalso } from "../../testing/fakes/whatsapp";

// The notices' queue (gate-operation-spec §3.4, §7): queued in the database, never lost on a
// restart, never sent twice by several instances. The instance that queued the rows stops
// sending (it does not sweep; its own timers stand for the memory a killed process loses), a row
// is left leased as a sender killed mid-send leaves it, and two restarted instances share the
// queue: every row reaches its provider exactly once. Also on PostgreSQL (TEST_DATABASE_URL).

const whatsapp = await iniciarWhatsAppFalso({ token: "tk", phoneNumberId: "555000111", modelos: ["visitante_na_portaria"] });
const sms = await iniciarSmsFalso({ token: "tk-sms" });
const ESCALA = 0.2; // the first instance's own timers: WhatsApp after 3 s, SMS after 6 s
const canais = (varreduraMs: number) => ({
  whatsapp: { apiUrl: whatsapp.url, versao: "v21.0", phoneNumberId: "555000111", token: "tk", template: "visitante_na_portaria" },
  sms: { apiUrl: sms.url, token: "tk-sms", from: "Sentinela" },
  cascataEscala: ESCALA,
  varreduraMs,
  arrendamentoS: 1,
});
const t = await createTestApp({ notificacoes: canais(0) });
afterAll(async () => {
  await t.close();
  await Promise.all([whatsapp.close(), sms.close()]);
});

let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
let condominio = "";
const unidades: string[] = [];
const celulares: string[] = [];

beforeAll(async () => {
  const admin = await signIn(t, ADMIN.email, ADMIN.password);
  const f = new Fixtures(t, admin);
  condominio = (await f.criar("/api/condominios", { nome: "Residencial Fila" })).id;
  porteiro = await userWithPermissions(t, "porteiro.fila@teste.local", ["registrar_acesso_visitante"], [condominio]);
  for (let i = 0; i < 5; i++) {
    const unidade = (await f.criar("/api/unidades", { condominio_id: condominio, bloco: "F", numero_unidade: `${10 + i}` })).id;
    const r = await residentWithAccount(t, `fila${i}@teste.local`, unidade);
    const celular = `1197000000${i}`;
    await t.database.db.update(moradores).set({ telefone_celular: celular }).where(eq(moradores.id, r.moradorId));
    unidades.push(unidade);
    celulares.push(`55${celular}`);
  }
});

describe("the queue", () => {
  it("survives the sender's end: another instance sends every row once, a leased row after its lease", async () => {
    const ids: string[] = [];
    const inicio = Date.now();
    for (const unidade_id of unidades) {
      const r = await request(t, "POST", "/api/controle-acesso/solicitacoes", {
        cookie: porteiro.cookie,
        payload: { condominio_id: condominio, unidade_id, tipo_pessoa: "visitante", nome_visitante: "Visita da Fila" },
      });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id);
    }
    const filas = await t.database.db.select().from(notificacoes).where(inArray(notificacoes.referencia_id, ids));
    expect(filas.filter((l) => l.canal === "whatsapp" || l.canal === "sms")).toHaveLength(10);
    // The time passes while it is down: every step is due. One WhatsApp row was leased by a sender that died mid-send.
    await t.database.db.execute(
      sql`update portaria_web_notificacoes set enviar_apos = now(), proxima_tentativa_em = now() where referencia_id = any(${`{${ids.join(",")}}`}::uuid[]) and estado = 'pendente'`,
    );
    const arrendada = filas.find((l) => l.canal === "whatsapp")!;
    await t.database.db
      .update(notificacoes)
      .set({ tentativas: 1, proxima_tentativa_em: sql`now() + interval '1 second'` })
      .where(eq(notificacoes.id, arrendada.id));

    // Two instances come up on the same database and sweep it together.
    const instancias = await Promise.all(
      [0, 1].map(async () => {
        const b = await buildApp(testConfig({ notificacoes: canais(50) }), { database: t.database, mailer: t.mailer });
        await b.app.ready();
        return b;
      }),
    );
    try {
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(notificacoes).where(inArray(notificacoes.referencia_id, ids))).filter((l) => l.estado === "pendente").length,
          { timeout: 10_000, interval: 100 },
        )
        .toBe(0);
      // Past the first instance's own timers too (6 s): they find nothing left to send.
      await esperar(Math.max(0, inicio + 30 * ESCALA * 1000 + 500 - Date.now()));
      for (const celular of celulares) {
        expect(
          whatsapp.recebidas.filter((m) => m.to === celular),
          celular,
        ).toHaveLength(1);
        expect(
          sms.recebidas.filter((m) => m.to === celular),
          celular,
        ).toHaveLength(1);
      }
      const depois = await t.database.db.select().from(notificacoes).where(inArray(notificacoes.referencia_id, ids));
      expect(depois.filter((l) => l.canal !== "app").every((l) => l.estado === "enviada")).toBe(true);
      // The leased row waited for its lease, then went: its second attempt.
      expect(depois.find((l) => l.id === arrendada.id)!.tentativas).toBe(2);
    } finally {
      for (const b of instancias) await b.app.close();
    }
  });
});
