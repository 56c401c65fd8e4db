import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIAS_SEMANA_NOMES, weekdayInSaoPaulo } from "@shared/schemas/visitantes";
import { dateInSaoPaulo, formatDate } from "@shared/time";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, moradorContas, moradores, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The Área do Morador's Visitantes and Histórico (gate-operation-spec §3.2), on a 390 px phone and
// at the console: the resident creates a recurring pass and sees its code and QR; the porteiro, in
// another browser, lets the visitor in with that code; the resident's Histórico shows the entry;
// the resident cancels the pass.

let portal: RunningPortal;
let browser: BrowserHandle;
let celular: Page;
let console_: Page;
const PORTEIRO = { email: "rui.porteiro@teste.local", password: "senha-do-rui-77", nome: "Rui Porteiro" };
const MORADOR = { nome: "Otávio Mendes Lima", email: "otavio.morador@teste.local", senha: "Goiabada-Cascao#2291" };
const DIARISTA = "Neide Aparecida Rocha";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db
    .insert(condominios)
    .values({ nome: "Residencial Jacarandá", endereco: "Rua dos Ipês, 200", cidade: "Campinas", estado: "SP" })
    .returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "D", numero_unidade: "54" }).returning({ id: unidades.id });
  const [morador] = await db
    .insert(moradores)
    .values({ unidade_id: unidade!.id, nome_completo: MORADOR.nome, email: MORADOR.email, tipo_morador: "proprietario" })
    .returning({ id: moradores.id });
  const authUser = await createAuthUser(portal.portal.auth, { email: MORADOR.email, name: MORADOR.nome, password: MORADOR.senha });
  await db.insert(moradorContas).values({ morador_id: morador!.id, auth_user_id: authUser.id, status: "ativo", email: MORADOR.email, ativado_em: new Date() });
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Portaria", permissions: ["registrar_acesso_visitante"] }, condominioIds: [condominio!.id] });

  ({ page: celular } = await browser.newPage({ mobile: true }));
  await login(celular, portal.url, MORADOR.email, MORADOR.senha);
  await celular.waitForURL(`${portal.url}/morador`);
  ({ page: console_ } = await browser.newPage());
  await login(console_, portal.url, PORTEIRO.email, PORTEIRO.password);
  await console_.waitForURL(`${portal.url}/portaria-web`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const secoes = () => celular.getByRole("navigation", { name: "Seções da Área do Morador" });
const passe = () => celular.getByTestId("passe").filter({ hasText: DIARISTA });
let codigo = "";

describe("a resident's recurring pass, used at the gate", () => {
  it("creates a recurring pass on the phone and sees its code and QR", async () => {
    await secoes().getByRole("link", { name: "Visitantes" }).click();
    await celular.waitForURL(`${portal.url}/morador/visitantes`);
    await celular.getByRole("heading", { level: 1, name: "Visitantes" }).waitFor();
    await celular.getByText("Nenhuma autorização de visita.").waitFor();
    await expectNoA11yViolations(celular);

    await celular.getByRole("button", { name: "Nova autorização" }).click();
    const form = celular.getByRole("form", { name: "Nova autorização" });
    await form.getByRole("radio", { name: /Recorrente/ }).check();
    await form.getByRole("textbox", { name: "Nome do visitante" }).fill(DIARISTA);
    // Without days and hours the form says so and sends nothing.
    await form.getByRole("button", { name: "Criar autorização" }).click();
    await form.getByText("Escolha os dias da semana.").waitFor();
    await expectNoA11yViolations(celular);

    // Today (São Paulo) and three days later, all day: the visitor can come in now.
    const hoje = weekdayInSaoPaulo(Date.now());
    await form.getByLabel("Válida até").fill(formatDate(dateInSaoPaulo(Date.now() + 30 * 86_400_000)));
    await form.getByRole("checkbox", { name: DIAS_SEMANA_NOMES[hoje] }).click();
    await form.getByRole("checkbox", { name: DIAS_SEMANA_NOMES[(hoje + 3) % 7] }).click();
    await form.getByLabel("Hora início").fill("00:00");
    await form.getByLabel("Hora fim").fill("23:59");
    await form.getByRole("button", { name: "Criar autorização" }).click();
    await toastLocator(celular).filter({ hasText: "Autorização criada!" }).waitFor();

    await passe()
      .getByText(/Recorrente: .*das 00:00 às 23:59/)
      .waitFor();
    codigo = (await passe().getByTestId("codigo").textContent())!.replace(/\s/g, "");
    expect(codigo).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    const qr = passe().getByRole("img", { name: `QR Code da autorização de ${DIARISTA}` });
    await qr.waitFor();
    expect(await qr.locator("path").count()).toBeGreaterThan(1);
    // WhatsApp: a wa.me link with the name, the code and the condominium's address.
    const whatsapp = passe().getByRole("link", { name: "Compartilhar no WhatsApp" });
    const texto = decodeURIComponent(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!);
    expect(texto).toContain(DIARISTA);
    expect(texto).toContain(codigo);
    expect(texto).toContain("Rua dos Ipês, 200, Campinas/SP");
    // No e-mail given: 'Enviar por email' says why it cannot.
    expect(await passe().getByRole("button", { name: "Enviar por email" }).isDisabled()).toBe(true);
    // Phone first: nothing wider than the screen.
    expect(await celular.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(celular);
  });

  it("lets the visitor in at the console with that code", async () => {
    await console_.goto(`${portal.url}/portaria-web/controle-acesso`);
    const busca = console_.getByRole("searchbox", { name: "Buscar" });
    await busca.focus();
    await console_.keyboard.type(codigo.toLowerCase());
    await console_.keyboard.press("Enter");
    const cartao = console_.locator("[data-autorizacao-aberta]");
    await cartao.getByText(DIARISTA).waitFor();
    await cartao.getByRole("button", { name: "Registrar entrada" }).click();
    await toastLocator(console_)
      .filter({ hasText: "Entrada registrada" })
      .filter({ hasText: new RegExp(`${DIARISTA} entrou às \\d\\d:\\d\\d\\.`) })
      .waitFor();
  });

  it("shows the entry in the resident's Histórico, under today", async () => {
    await secoes().getByRole("link", { name: "Histórico" }).click();
    await celular.waitForURL(`${portal.url}/morador/historico`);
    const hoje = celular.getByRole("region", { name: "Hoje" });
    const registro = hoje.getByTestId("registro").filter({ hasText: DIARISTA });
    await registro.waitFor();
    expect(await registro.textContent()).toContain("Entrada · Visitante");
    expect(await registro.textContent()).toContain("Código de acesso");
    expect(await registro.textContent()).not.toContain(PORTEIRO.nome);
    await expectNoA11yViolations(celular);
  });

  it("shows the visitor on Início, under 'Visitantes na unidade agora', since the entry", async () => {
    await secoes().getByRole("link", { name: "Início" }).click();
    await celular.waitForURL(new RegExp(`${portal.url}/morador(\\?.*)?$`));
    const agora = celular.getByRole("region", { name: "Visitantes na unidade agora" });
    const item = agora.getByRole("listitem").filter({ hasText: DIARISTA });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Visitante · desde \d\d:\d\d$/);
    await expectNoA11yViolations(celular);
  });

  it("cancels the pass after confirming; its code is no longer shown", async () => {
    await secoes().getByRole("link", { name: "Visitantes" }).click();
    await passe().getByRole("button", { name: "Cancelar" }).click();
    const dialog = celular.getByRole("alertdialog", { name: "Cancelar autorização" });
    await dialog.getByText(`Cancelar a autorização de ${DIARISTA}?`, { exact: false }).waitFor();
    await expectNoA11yViolations(celular);
    await dialog.getByRole("button", { name: "Cancelar autorização" }).click();
    await toastLocator(celular).filter({ hasText: "Autorização cancelada" }).waitFor();
    await passe().getByText("Cancelada").waitFor();
    expect(await passe().getByTestId("codigo").count()).toBe(0);
  });
});
