import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, moradorContas, moradores, unidades } from "../../src/server/db/schema";
import { iniciarWhatsAppFalso } from "../../src/server/testing/fakes/whatsapp";
import { expectNoA11yViolations, launchBrowser, type BrowserHandle } from "./support/browser";
import { startPortal, startSmtpServer, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The resident reached outside the app (gate-operation-spec §3.4; issue 29's acceptance): the
// notice e-mail, read from a local SMTP server, carries an answer link that works once, with no
// password, and then says it was used; and WhatsApp (a local fake of the Cloud API) gets the
// approved template when nobody answered in 15 s — real seconds, as the cascade runs in production.

let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const MODELO = "visitante_na_portaria";
const whatsapp = await iniciarWhatsAppFalso({ token: "token-do-whatsapp", phoneNumberId: "109876543210", modelos: [MODELO] });
const PORTEIRO = { email: "rui.porteiro@teste.local", password: "senha-do-rui-77", nome: "Rui Porteiro" };
const MORADOR = { nome: "Otávio Mendes Prado", email: "otavio.morador@teste.local", celular: "11987654321" };
let condominioId = "";
let unidadeId = "";
let porteiroCookie = "";

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({
    smtpUrl: smtp.url,
    notificacoes: {
      whatsapp: { apiUrl: whatsapp.url, versao: "v21.0", phoneNumberId: "109876543210", token: "token-do-whatsapp", template: MODELO },
      email: true,
    },
  });
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Jequitibá" }).returning({ id: condominios.id });
  condominioId = condominio!.id;
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominioId, bloco: "D", numero_unidade: "41" }).returning({ id: unidades.id });
  unidadeId = unidade!.id;
  const [morador] = await db
    .insert(moradores)
    .values({ unidade_id: unidadeId, nome_completo: MORADOR.nome, email: MORADOR.email, telefone_celular: MORADOR.celular, tipo_morador: "proprietario" })
    .returning({ id: moradores.id });
  const authUser = await createAuthUser(portal.portal.auth, { email: MORADOR.email, name: MORADOR.nome, password: "Pitanga-Madura#2231" });
  await db.insert(moradorContas).values({ morador_id: morador!.id, auth_user_id: authUser.id, status: "ativo", email: MORADOR.email, ativado_em: new Date() });
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Portaria", permissions: ["registrar_acesso_visitante"] }, condominioIds: [condominioId] });
  const login = await fetch(`${portal.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url },
    body: JSON.stringify({ email: PORTEIRO.email, password: PORTEIRO.password }),
  });
  porteiroCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
  await whatsapp.close();
});

/** The porteiro asks, as the console does. */
async function pedir(nome_visitante: string) {
  const r = await fetch(`${portal.url}/api/controle-acesso/solicitacoes`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: porteiroCookie, origin: portal.url },
    body: JSON.stringify({ condominio_id: condominioId, unidade_id: unidadeId, tipo_pessoa: "visitante", nome_visitante }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as { id: string };
}

describe("the notice outside the app", () => {
  it("the e-mail's link lets the visitor in without a password, once; then it says it was used", async () => {
    const antes = smtp.inbox.length;
    await pedir("Helena Visita");
    await expect.poll(() => smtp.inbox.length, { timeout: 15_000 }).toBeGreaterThan(antes);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toBe(MORADOR.email);
    expect(mail.text).toContain("Helena Visita está na portaria para Bloco D · 41. Liberar a entrada?");
    const link = /https?:\/\/\S+\/morador\/resposta\?token=[\w.-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    // A phone with no session: the page asks nothing but the answer.
    const { page, context } = await browser.newPage({ mobile: true });
    await page.goto(link!);
    await page.getByRole("heading", { name: "Visitante na portaria" }).waitFor();
    await page.getByText("Helena Visita").first().waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Liberar" }).click();
    await page.getByText("Entrada liberada").first().waitFor();
    await page.reload();
    await page.getByText("Este link já foi usado.").waitFor();
    await context.close();
  });

  it("WhatsApp gets the approved template once 15 s pass without an answer", async () => {
    const antes = Date.now();
    const { id } = await pedir("Bruno Sem Resposta");
    // Not before 15 s…
    await new Promise((r) => setTimeout(r, 12_000));
    expect(whatsapp.recebidas.filter((m) => m.recebidaEm >= antes)).toEqual([]);
    // …and then, the template with the visitor, the unit and the answer link.
    await expect.poll(() => whatsapp.recebidas.filter((m) => m.recebidaEm >= antes).length, { timeout: 15_000 }).toBe(1);
    const [mensagem] = whatsapp.recebidas.filter((m) => m.recebidaEm >= antes);
    expect(mensagem!.recebidaEm - antes).toBeGreaterThanOrEqual(15_000);
    expect(mensagem).toMatchObject({ to: `55${MORADOR.celular}`, type: "template", template: { name: MODELO, language: { code: "pt_BR" } } });
    const textos = mensagem!.template!.components!.flatMap((c) => c.parameters.map((p) => p.text));
    expect(textos).toContain("Bruno Sem Resposta");
    expect(textos.some((t) => t.includes("/morador/resposta?token="))).toBe(true);
    // Ended by the porteiro: nothing more goes.
    await fetch(`${portal.url}/api/controle-acesso/solicitacoes/${id}/cancelar`, { method: "POST", headers: { cookie: porteiroCookie, origin: portal.url } });
  });
});
