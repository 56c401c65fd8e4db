import { inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grupoPermissoes, grupos, permissoes } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// Issue 12 as a user meets it: a user manager who is not an administrator sees what it may not
// grant disabled, with the reason; a session ended elsewhere takes the page to /login and back;
// Minha conta changes the password and ends the other sessions.

let portal: RunningPortal;
let browser: BrowserHandle;

const GESTOR = { email: "gestora@teste.local", password: "Gestora-de-Usuarios-1", nome: "Gestora de Usuários" };
const PORTEIRO = { email: "porteiro@teste.local", password: "Porteiro-da-Noite-1", nome: "Porteiro da Noite" };
const OPERADORA = { email: "operadora@teste.local", password: "Operadora-da-Central-1", nome: "Operadora da Central" };

/** A Portaria Web user (first access done) in a group of its own holding exactly `names`. */
async function makeUser(who: { email: string; password: string; nome: string }, grupo: string, names: string[]) {
  return createPortariaUser(portal, { ...who, grupo: { nome: grupo, permissions: names } });
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await makeUser(GESTOR, "Cadastro de Usuários", ["gerenciar_usuarios_portaria"]);
  await makeUser(PORTEIRO, "Portaria", ["visualizar_unidades"]);
  await makeUser(OPERADORA, "Central", ["visualizar_unidades"]);
  // A group the user manager may not give: it holds a permission the manager lacks.
  await portal.database.db.insert(grupos).values({ nome_grupo: "Síndicos" });
  const [sindicos] = await portal.database.db
    .select()
    .from(grupos)
    .where(inArray(grupos.nome_grupo, ["Síndicos"]));
  const [ver] = await portal.database.db
    .select()
    .from(permissoes)
    .where(inArray(permissoes.nome_permissao, ["visualizar_condominios"]));
  await portal.database.db.insert(grupoPermissoes).values({ grupo_id: sindicos!.id, permissao_id: ver!.id });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const toastText = (page: Page) => toastLocator(page).textContent();

/** Another session of the same account, opened through the API with another device. */
async function otherSession(email: string, password: string) {
  const response = await fetch(`${portal.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: portal.url,
      "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    cookie,
    alive: async () => (await fetch(`${portal.url}/api/me`, { headers: { cookie } })).status === 200,
    endOthers: async () =>
      (
        await fetch(`${portal.url}/api/me/sessoes/encerrar-outras`, {
          method: "POST",
          headers: { cookie, origin: portal.url, "content-type": "application/json" },
          body: "{}",
        })
      ).status,
  };
}

describe("a user manager who is not an administrator", () => {
  it("sees Administrador, and a group holding a permission it lacks, disabled with the reason", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, GESTOR.email, GESTOR.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/admin/usuarios/novo`);
    await h1(page).filter({ hasText: "Novo Usuário" }).waitFor();

    const admin = page.getByRole("checkbox", { name: "Administrador", exact: true });
    await admin.waitFor();
    expect(await admin.isDisabled()).toBe(true);
    // Not preselected when the manager may not give it.
    expect(await admin.getAttribute("aria-checked")).toBe("false");
    expect(await admin.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(
      "Somente administradores podem alterar membros do grupo Administrador.",
    );
    const sindicos = page.getByRole("checkbox", { name: "Síndicos", exact: true });
    expect(await sindicos.isDisabled()).toBe(true);
    expect(await sindicos.evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(
      "Você não pode conceder permissões que não possui.",
    );
    // Its own kind of group it may give.
    expect(await page.getByRole("checkbox", { name: "Cadastro de Usuários", exact: true }).isDisabled()).toBe(false);
    await expectNoA11yViolations(page);

    // The administrator's account is shown locked, with the same reason.
    const users = await (
      await fetch(`${portal.url}/api/usuarios?q=${encodeURIComponent(ADMIN.email)}`, {
        headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
      })
    ).json();
    await page.goto(`${portal.url}/portaria-web/admin/usuarios/editar/${users.rows[0].id}`);
    await page.getByText("Somente administradores podem alterar membros do grupo Administrador.").first().waitFor();
    expect(await page.getByRole("button", { name: "Salvar alterações" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Enviar email de redefinição de senha" }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Nome completo").isDisabled()).toBe(true);
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe("a session that ends while the page is open", () => {
  it("goes to /login with 'Sessão expirada' and comes back to the same page after signing in", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/unidades`);
    await h1(page).filter({ hasText: "Gerenciar Unidades" }).waitFor();

    // Ended from another device: the page notices it when the porteiro comes back to the tab.
    const phone = await otherSession(PORTEIRO.email, PORTEIRO.password);
    expect(await phone.endOthers()).toBe(200);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForURL(`${portal.url}/login`);
    await expect.poll(() => toastText(page)).toContain("Sessão expirada");
    expect(await toastText(page)).toContain("Entre novamente para continuar.");
    // Nothing of the page it left is on screen.
    expect(await page.getByText("Gerenciar Unidades").count()).toBe(0);

    await page.getByLabel("Email", { exact: true }).fill(PORTEIRO.email);
    await page.getByLabel("Senha", { exact: true }).fill(PORTEIRO.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades`);
    await h1(page).filter({ hasText: "Gerenciar Unidades" }).waitFor();

    // The same when the next request of a screen is the one that finds the session gone.
    expect(await (await otherSession(PORTEIRO.email, PORTEIRO.password)).endOthers()).toBe(200);
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Painel de Controle" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await expect.poll(() => toastText(page)).toContain("Sessão expirada");
    await context.close();
  });
});

describe("Minha conta", () => {
  it("changes the password and ends another session, then ends the others on request", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, OPERADORA.email, OPERADORA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    const phone = await otherSession(OPERADORA.email, OPERADORA.password);

    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Configurações" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/configuracoes`);
    await page.getByRole("heading", { name: "Minha conta" }).waitFor();
    const sessions = page.getByRole("list", { name: "Sessões abertas" }).getByRole("listitem");
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.filter({ hasText: "Esta sessão" }).count()).toBe(1);
    expect(await sessions.filter({ hasText: "Safari 17 · iOS" }).count()).toBe(1);
    expect(await sessions.first().textContent()).toMatch(/Último uso: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectNoA11yViolations(page);

    // A wrong current password changes nothing.
    const nova = "Coruja-Lanterna-Madrugada-7";
    await page.getByLabel("Senha atual").fill("senha-errada-1");
    await page.getByLabel(/^Nova senha/).fill(nova);
    await page.getByLabel("Confirmar nova senha").fill(nova);
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect.poll(() => toastText(page)).toContain("A senha atual está incorreta.");
    expect(await toastText(page)).toContain("Erro ao alterar senha");
    expect(await phone.alive()).toBe(true);

    await page.getByLabel("Senha atual").fill(OPERADORA.password);
    await page.getByRole("button", { name: "Alterar senha" }).click();
    // Hashing, the strength check and ending the other sessions take a moment on a busy machine.
    await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain("Senha alterada com sucesso!");
    expect(await phone.alive()).toBe(false);
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await page.getByLabel("Senha atual").inputValue()).toBe("");

    // Another device signs in with the new password; 'Encerrar outras sessões' ends it.
    const tablet = await otherSession(OPERADORA.email, nova);
    await page.reload();
    await expect.poll(() => sessions.count()).toBe(2);
    await page.getByRole("button", { name: "Encerrar outras sessões" }).click();
    await expect.poll(() => toastText(page)).toContain("1 outra sessão foi encerrada.");
    expect(await tablet.alive()).toBe(false);
    await expect.poll(() => sessions.count()).toBe(1);
    // This page's own session goes on.
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Unidades" }).click();
    await h1(page).filter({ hasText: "Gerenciar Unidades" }).waitFor();
    await context.close();
  });
});
