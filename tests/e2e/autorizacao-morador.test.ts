import { eq, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthUser } from "../../src/server/auth/accounts";
import { saoPauloWallClockMs } from "@shared/time";
import { condominios, moradorContas, moradores, moradorPreferencias, registrosAcesso, solicitacoesAutorizacao, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// 'Pedir autorização ao morador' (gate-operation-spec §3.3), in two browsers: the porteiro asks
// from the console's walk-in dialog, the resident answers on a phone from 'Início', and the console
// shows the answer live — approved (with 'Autorizado por' filled, the entry registered) or refused
// with the resident's message.

let portal: RunningPortal;
let browser: BrowserHandle;
let console_: Page;
let celular: Page;
const PORTEIRO = { email: "caio.porteiro@teste.local", password: "senha-do-caio-31", nome: "Caio Porteiro" };
const MORADORA = { nome: "Lúcia Ferreira Campos", email: "lucia.morador@teste.local", senha: "Jabuticaba-Verde#4417" };
let moradoraId = "";

beforeAll(async () => {
  portal = await startPortal({ tempoRealMaxMs: 60_000, varreduraComandosMs: 1000 });
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Ipê Amarelo" }).returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "C", numero_unidade: "302" }).returning({ id: unidades.id });
  const [moradora] = await db
    .insert(moradores)
    .values({ unidade_id: unidade!.id, nome_completo: MORADORA.nome, email: MORADORA.email, tipo_morador: "proprietario" })
    .returning({ id: moradores.id });
  moradoraId = moradora!.id;
  const authUser = await createAuthUser(portal.portal.auth, { email: MORADORA.email, name: MORADORA.nome, password: MORADORA.senha });
  await db
    .insert(moradorContas)
    .values({ morador_id: moradora!.id, auth_user_id: authUser.id, status: "ativo", email: MORADORA.email, ativado_em: new Date() });
  await createPortariaUser(portal, {
    ...PORTEIRO,
    grupo: { nome: "Portaria", permissions: ["registrar_acesso_visitante"] },
    condominioIds: [condominio!.id],
  });

  ({ page: console_ } = await browser.newPage());
  await login(console_, portal.url, PORTEIRO.email, PORTEIRO.password);
  await console_.waitForURL(`${portal.url}/portaria-web`);
  ({ page: celular } = await browser.newPage({ mobile: true }));
  await login(celular, portal.url, MORADORA.email, MORADORA.senha);
  await celular.waitForURL(`${portal.url}/morador`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function choose(scope: Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await console_.getByRole("option", { name: option, exact: true }).click();
}

/** The walk-in dialog, filled with the visitor's name and unit, and the request sent. */
async function pedir(nome: string, { entrega = false, aguarda = true } = {}) {
  await console_.goto(`${portal.url}/portaria-web/controle-acesso`);
  await console_.getByRole("button", { name: "Visitante sem pré-autorização" }).click();
  const dialog = console_.getByRole("dialog", { name: "Visitante sem pré-autorização" });
  await dialog.waitFor();
  const pedirBotao = dialog.getByRole("button", { name: "Pedir autorização ao morador" });
  expect(await pedirBotao.isDisabled()).toBe(true);
  await dialog.getByRole("textbox", { name: "Nome" }).fill(nome);
  if (entrega) await dialog.getByRole("switch", { name: "É uma entrega" }).click();
  await choose(dialog, "Unidade de destino", "Bloco C - 302");
  await pedirBotao.click();
  const status = dialog.getByRole("status");
  if (aguarda) await expect.poll(() => status.textContent()).toContain("Aguardando o morador (00:0");
  return { dialog, status };
}

/** The resident's card for `nome` on 'Início'. */
async function cartao(nome: string) {
  const card = celular.getByRole("article", { name: "Visitante na portaria" }).filter({ hasText: nome });
  await card.waitFor();
  expect(await card.textContent()).toContain(`${nome} está na portaria para Bloco C · 302. Liberar a entrada?`);
  return card;
}

describe("Pedir autorização ao morador", () => {
  it("the resident lets the visitor in from the phone; the console fills 'Autorizado por' and registers the entry", async () => {
    await celular.getByText("Nenhum pedido aguardando.").waitFor();
    const { dialog, status } = await pedir("Bruno Entregas Silva");

    const card = await cartao("Bruno Entregas Silva");
    await expectNoA11yViolations(celular);
    await card.getByRole("button", { name: "Liberar" }).click();
    await expect.poll(() => toastLocator(celular).textContent()).toContain("Resposta enviada");
    await celular.getByText("Nenhum pedido aguardando.").waitFor();

    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^Autorizado por ${MORADORA.nome} \\(app\\) às \\d\\d:\\d\\d$`));
    await expect.poll(() => dialog.getByRole("combobox", { name: "Autorizado por" }).textContent()).toContain(MORADORA.nome);
    await dialog.getByRole("button", { name: "Registrar entrada" }).click();
    await expect.poll(() => toastLocator(console_).textContent()).toContain("Entrada registrada");
    const [registro] = await portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, "Bruno Entregas Silva"));
    expect(registro?.autorizado_por).toContain(MORADORA.nome);
  });

  it("the resident refuses with a message; the console shows it", async () => {
    const { status } = await pedir("Desconhecido Total");
    const card = await cartao("Desconhecido Total");
    await card.getByRole("button", { name: "Recusar" }).click();
    await card.getByLabel("Mensagem para a portaria (opcional)").fill("Não conheço");
    await card.getByRole("button", { name: "Recusar" }).click();
    await expect.poll(() => toastLocator(celular).textContent()).toContain("Resposta enviada");
    await celular.getByText("Nenhum pedido aguardando.").waitFor();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe(`Recusado por ${MORADORA.nome}: "Não conheço"`);
  });

  it("nobody answers for 60 s: the console says to try the intercom, and the resident's card goes away", async () => {
    const { status } = await pedir("Visita Sem Resposta");
    await cartao("Visita Sem Resposta");
    // The minute passes (its end moved to now): the sweep of any instance ends it.
    await portal.database.db
      .update(solicitacoesAutorizacao)
      .set({ expira_em: sql`now()` })
      .where(eq(solicitacoesAutorizacao.nome_visitante, "Visita Sem Resposta"));
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("Sem resposta — tente o interfone.");
    await celular.getByText("Nenhum pedido aguardando.").waitFor();
  });

  it("a standing rule lets a delivery in at once, and the entry is recorded as a delivery on that rule", async () => {
    // The rule's hours, read once: asked again after a minute turns, they would not be the rule's.
    const hora = (horas: number) => new Date(saoPauloWallClockMs(Date.now() + horas * 3_600_000)).toISOString().slice(11, 16);
    const [de, ate] = [hora(-1), hora(1)];
    await portal.database.db.insert(moradorPreferencias).values({ morador_id: moradoraId, regra_entregas: "liberar_sempre", regra_de: de, regra_ate: ate });
    const { dialog, status } = await pedir("Entregas Relâmpago", { entrega: true, aguarda: false });
    await expect.poll(() => status.textContent()).toBe(`Liberado pela regra do morador: Entregas: liberar sempre (das ${de} às ${ate}).`);
    await expect.poll(() => dialog.getByRole("combobox", { name: "Autorizado por" }).textContent()).toContain(MORADORA.nome);
    await expectNoA11yViolations(console_);
    await dialog.getByRole("button", { name: "Registrar entrada" }).click();
    await expect.poll(() => toastLocator(console_).textContent()).toContain("Entrada registrada");
    const [registro] = await portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, "Entregas Relâmpago"));
    expect(registro).toMatchObject({ tipo_pessoa: "entregador" });
    expect(registro!.autorizado_por).toMatch(new RegExp(`^${MORADORA.nome} \\(regra\\) às \\d\\d:\\d\\d$`));
  });
});
