import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, startSmtpServer, type RunningPortal } from "./support/server";
import { PORTARIA_MENU } from "../../src/client/features/portaria-shell/menu";

/** The Portaria Web menu of spec §2, in order, as the administrator sees it. */
const SPEC_MENU = [
  "Painel de Controle",
  "Controle de Acesso",
  "Visitantes",
  "Registros",
  "Bloqueios",
  "Condomínios",
  "Unidades",
  "Moradores",
  "Veículos",
  "Prestadores",
  "Usuários",
  "Grupos",
  "Permissões",
  "Configurações",
];

// Portaria Web as a new user meets it (issue 3): the admin creates a group and a user through the
// screens, the user sets a password, sees only what the group allows and is turned away elsewhere.
let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

// A user with a finished first access in a group without any permission ("Zeladoria").
const MARTA = { email: "marta@teste.local", password: "senha-da-marta-1", nome: "Marta Zeladora", grupo: "Zeladoria" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({ smtpUrl: smtp.url });
  browser = await launchBrowser();

  await createPortariaUser(portal, { email: MARTA.email, password: MARTA.password, nome: MARTA.nome, grupo: { nome: MARTA.grupo } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Portaria Web" });
const toastText = (page: Page) => toastLocator(page).textContent();

/**
 * Types a Portaria Web address that needs a permission the user lacks: the screen stays at that
 * address and shows only the 'Acesso Negado' card (§2) with a way back to the painel.
 */
async function expectDenied(page: Page, path: string) {
  await page.goto(`${portal.url}${path}`);
  const card = page.getByRole("alert").filter({ hasText: "Acesso Negado" });
  await card.waitFor();
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await h1(page).allTextContents()).toEqual(["Acesso Negado"]);
  expect(await card.textContent()).toContain("Você não possui permissão para acessar esta página.");
  expect(await card.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe("/portaria-web");
}

describe("a new user, created by the admin through the screens", () => {
  it("gets a group with only visualizar_unidades, sets a password, sees only Unidades and is refused the admin screens", async () => {
    // --- The admin creates the group 'Porteiros' with only 'Visualizar Unidades'.
    const { page, context } = await browser.newPage();
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    await sidebar(page).getByRole("link", { name: "Grupos", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await page.getByRole("link", { name: "Criar Novo Grupo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos/novo`);
    await page.getByLabel("Nome do grupo").fill("Porteiros");
    await page.getByLabel("Descrição").fill("Equipe da portaria");
    const boxes = page.getByRole("checkbox");
    await boxes.first().waitFor();
    await page.getByRole("checkbox", { name: "Visualizar Unidades", exact: true }).click();
    await page.getByText("1 permissão selecionada").waitFor();
    // Exactly one box is ticked.
    expect(await page.getByRole("checkbox", { checked: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Criar grupo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await expect.poll(() => toastText(page)).toContain("Grupo criado");
    const porteirosRow = page.getByRole("row").filter({ hasText: "Porteiros" });
    await porteirosRow.waitFor();
    expect(await porteirosRow.getByRole("cell").allTextContents()).toEqual(["Porteiros", "Equipe da portaria", "0", expect.any(String)]);

    // --- ... and a user in it.
    await sidebar(page).getByRole("link", { name: "Usuários", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/usuarios`);
    await page.getByRole("link", { name: "Novo Usuário" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/usuarios/novo`);
    await page.getByLabel("Nome completo").fill("Paulo Porteiro");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("paulo.porteiro@teste.local");
    // A weak initial password is refused with the reasons, in the toast and under the field.
    await page.getByLabel("Senha inicial").fill("paulo123");
    await page.getByRole("button", { name: "Criar usuário" }).click();
    await expect.poll(() => toastText(page)).toContain("Erro ao criar usuário");
    expect(await toastText(page)).toContain("Senha fraca: Nomes e sobrenomes comuns são fáceis de adivinhar.");
    await page
      .getByText(/^Senha fraca: /)
      .first()
      .waitFor();
    await page.getByLabel("Senha inicial").fill("provisoria-123");
    const admin = page.getByRole("checkbox", { name: "Administrador" });
    // The form preselects Administrador (§2 Users).
    expect(await admin.getAttribute("aria-checked")).toBe("true");
    await admin.click();
    await page.getByRole("checkbox", { name: "Porteiros" }).click();
    expect(await admin.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByRole("checkbox", { name: "Porteiros" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Criar usuário" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/usuarios`);
    await expect.poll(() => toastText(page)).toContain("Usuário criado");
    const shownAt = Date.now();
    expect(await toastText(page)).toContain("Enviamos um email de confirmação para o novo usuário");
    await page.mouse.move(5, 5); // away from the toast, which pauses while hovered

    const pauloRow = page.getByRole("row").filter({ hasText: "Paulo Porteiro" });
    await pauloRow.waitFor();
    expect(await pauloRow.textContent()).toContain("paulo.porteiro@teste.local");
    expect(await pauloRow.getByText("Porteiros", { exact: true }).isVisible()).toBe(true);
    expect(await pauloRow.getByText("Pendente", { exact: true }).isVisible()).toBe(true);

    // The confirmation e-mail reaches the SMTP server.
    const mail = await smtp.waitFor("paulo.porteiro@teste.local");
    expect(mail.subject).toBe("Seu acesso ao Portaria Web");
    expect(mail.text).toContain("Paulo Porteiro");
    expect(mail.text).toContain(`${portal.url}/login`);

    // The confirmation toast stays longer than the default 5 s (§8: 7 s), then goes away.
    await expect.poll(() => toastLocator(page).isVisible(), { timeout: 12_000, interval: 200 }).toBe(false);
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(5_500);
    expect(shownFor).toBeLessThan(10_000);

    // --- The admin signs out.
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await context.close();

    // --- The new user signs in and is sent to set a password first.
    const user = await browser.newPage();
    const p = user.page;
    await login(p, portal.url, "paulo.porteiro@teste.local", "provisoria-123");
    await p.waitForURL(`${portal.url}/portaria-web/alterar-senha`);
    await h1(p).filter({ hasText: "Definir Nova Senha" }).waitFor();
    await p.getByLabel("Nova senha", { exact: true }).fill("senha-do-paulo-1");
    await p.getByLabel("Confirmar nova senha").fill("senha-do-paulo-1");
    await p.getByRole("button", { name: "Salvar nova senha" }).click();
    await p.waitForURL(`${portal.url}/portaria-web`);
    await h1(p).filter({ hasText: "Painel de Controle" }).waitFor();
    await expect.poll(() => toastText(p)).toContain("Senha alterada com sucesso!");

    // The header names the user and the group.
    const header = p.getByTestId("portaria-user");
    expect(await header.textContent()).toContain("Paulo Porteiro");
    expect(await header.textContent()).toContain("Porteiros");

    // Only the menu entries the permission allows (plus the two that need none).
    await sidebar(p).getByRole("link").first().waitFor();
    expect(await sidebar(p).getByRole("link").allTextContents()).toEqual(["Painel de Controle", "Unidades", "Configurações"]);
    for (const hidden of [
      "Condomínios",
      "Moradores",
      "Veículos",
      "Prestadores",
      "Usuários",
      "Grupos",
      "Permissões",
      "Controle de Acesso",
      "Visitantes",
      "Registros",
      "Bloqueios",
    ]) {
      expect(await sidebar(p).getByRole("link", { name: hidden }).count(), hidden).toBe(0);
    }
    expect(await sidebar(p).getByRole("heading", { name: "Administração" }).count()).toBe(0);
    expect(await sidebar(p).getByRole("heading", { name: "Gerenciamento" }).isVisible()).toBe(true);

    // The painel offers only the Unidades quick link; 'Relatórios (Em Breve)' is there but disabled.
    const quick = p.getByRole("region", { name: "Acesso Rápido" });
    expect(await quick.getByRole("link").allTextContents()).toEqual(["Unidades"]);
    expect(await quick.getByRole("link", { name: "Unidades" }).getAttribute("href")).toBe("/portaria-web/unidades");
    expect(await quick.getByRole("button", { name: /Relatórios \(Em Breve\)/ }).getAttribute("aria-disabled")).toBe("true");

    // Typing the address of an admin screen shows the 'Acesso Negado' card instead of the screen.
    await expectDenied(p, "/portaria-web/admin/usuarios");
    await expectDenied(p, "/portaria-web/admin/grupos");
    await expectDenied(p, "/portaria-web/admin/usuarios/novo");
    await expectDenied(p, "/portaria-web/admin/permissoes");
    await expectDenied(p, "/portaria-web/controle-acesso");

    // The old, provisional password no longer works; the new one does (checked by a fresh sign-in).
    await user.context.close();
    const again = await browser.newPage();
    await login(again.page, portal.url, "paulo.porteiro@teste.local", "provisoria-123");
    await expect.poll(() => toastText(again.page)).toContain("Email ou senha incorretos.");
    await login(again.page, portal.url, "paulo.porteiro@teste.local", "senha-do-paulo-1");
    await again.page.waitForURL(`${portal.url}/portaria-web`);
    await again.context.close();
  });
});

describe("the Portaria Web shell", () => {
  it("sends a signed-out visit to admin/grupos to /login, and back there after the admin signs in", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/portaria-web/admin/grupos`);
    await page.waitForURL(`${portal.url}/login`);
    await h1(page).filter({ hasText: "Entrar" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await h1(page).filter({ hasText: "Grupos" }).waitFor();
    await page.getByRole("row").filter({ hasText: "Administrador" }).first().waitFor();
    await context.close();
  });

  it("shows the user's name and group in the header; 'Dashboard Site' leads to /dashboard", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, MARTA.email, MARTA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();

    const header = page.getByRole("banner");
    const user = page.getByTestId("portaria-user");
    expect(await header.getByTestId("portaria-user").count()).toBe(1);
    expect(await user.getByText(MARTA.nome, { exact: true }).isVisible()).toBe(true);
    expect(await user.getByText(MARTA.grupo, { exact: true }).isVisible()).toBe(true);

    // A group without permissions: only the two entries that need none, and no quick link.
    await sidebar(page).getByRole("link").first().waitFor();
    expect(await sidebar(page).getByRole("link").allTextContents()).toEqual(["Painel de Controle", "Configurações"]);
    expect(await page.getByRole("region", { name: "Acesso Rápido" }).getByRole("link").count()).toBe(0);

    await sidebar(page).getByRole("link", { name: "Configurações" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/configuracoes`);
    await h1(page).filter({ hasText: "Configurações" }).waitFor();
    expect(await sidebar(page).getByRole("link", { name: "Configurações" }).getAttribute("aria-current")).toBe("page");

    await header.getByRole("link", { name: "Dashboard Site" }).click();
    await page.waitForURL(`${portal.url}/dashboard`);
    await h1(page).filter({ hasText: "Visão Geral" }).waitFor();
    await context.close();
  });

  it("on a phone, the menu toggle opens the menu; picking an entry navigates and closes it", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();

    // The fixed sidebar is not shown on a phone; the toggle is.
    expect(await sidebar(page).count()).toBe(0);
    const toggle = page.getByTestId("portaria-menu-toggle");
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu do Portaria Web" });
    await menu.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    // The slide-in menu names the user too, and holds every entry the admin may use.
    expect(await menu.getByText("Administrador", { exact: true }).first().isVisible()).toBe(true);
    const links = await menu.getByRole("navigation", { name: "Portaria Web" }).getByRole("link").allTextContents();
    expect(links).toEqual(PORTARIA_MENU.flatMap((section) => section.items.map((item) => item.label)));
    // The spec's entries (§2), in its order; a module's own entry (docs/adding-a-module.md) goes among them.
    expect(links.filter((label) => SPEC_MENU.includes(label))).toEqual(SPEC_MENU);

    await menu.getByRole("link", { name: "Grupos", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await h1(page).filter({ hasText: "Grupos" }).waitFor();
    await menu.waitFor({ state: "detached" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    // It also closes with its own close button, leaving the page where it was.
    await toggle.click();
    await menu.waitFor();
    await menu.getByRole("button", { name: "Fechar menu" }).click();
    await menu.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/portaria-web/admin/grupos");
    await context.close();
  });
});
