import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, grupos, moradores, prestadores, unidades, usuarios, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, startSmtpServer, type RunningPortal } from "./support/server";

// Portaria Web administration as the admin uses it (issue 3): permissions catalogue, groups,
// users, the painel's numbers, and axe on the painel and every admin screen.
let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const ids = { bruno: "", administrador: "" };
let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

async function createUser(nome: string, email: string, status: string, extra: { cpf?: string; telefone_celular?: string } = {}) {
  return (await createPortariaUser(portal, { nome, email, password: "senha-provisoria-1", status, firstAccessDone: status === "ativo", ...extra })).id;
}

/** Two active condominiums and an inactive one, with units, residents, vehicles and providers. */
async function insertPainelData() {
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }, { nome: "Antigo", ativo: false }])
    .returning();
  const [a101, a102, , a104, b1] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, numero_unidade: "101" },
      { condominio_id: aurora!.id, numero_unidade: "102" },
      { condominio_id: aurora!.id, numero_unidade: "103" },
      { condominio_id: aurora!.id, numero_unidade: "104", ativo: false },
      { condominio_id: bosque!.id, numero_unidade: "1" },
      { condominio_id: bosque!.id, numero_unidade: "2" },
    ])
    .returning();
  const [ana, bia, , , elisa] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana", tipo_morador: "proprietario" },
      { unidade_id: a101!.id, nome_completo: "Bia", tipo_morador: "dependente" },
      { unidade_id: a102!.id, nome_completo: "Carla", tipo_morador: "inquilino", ativo: false },
      { unidade_id: a104!.id, nome_completo: "Davi", tipo_morador: "outro" },
      { unidade_id: b1!.id, nome_completo: "Elisa", tipo_morador: "proprietario" },
    ])
    .returning();
  await db.insert(veiculos).values([
    { morador_id: ana!.id, unidade_id: a101!.id, placa: "ABC1234", tipo_veiculo: "carro" },
    { morador_id: bia!.id, unidade_id: a101!.id, placa: "ABC1D23", tipo_veiculo: "moto", ativo: false },
    { morador_id: elisa!.id, unidade_id: b1!.id, placa: "XYZ9876", tipo_veiculo: "carro" },
  ]);
  await db.insert(prestadores).values([
    { nome_empresa_profissional: "Limpa Tudo", tipo_servico: "Limpeza", condominio_id: aurora!.id },
    { nome_empresa_profissional: "Geral Ltda", tipo_servico: "Jardinagem" },
    { nome_empresa_profissional: "Parado", tipo_servico: "Obras", condominio_id: bosque!.id, ativo: false },
  ]);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  ids.bruno = await createUser("Bruno Ativo", "bruno@teste.local", "ativo", { cpf: "52998224725", telefone_celular: "11987654321" });
  await createUser("Carla Inativa", "carla@teste.local", "inativo");
  await createUser("Diego Bloqueado", "diego@teste.local", "bloqueado");
  await createUser("Elisa Pendente", "elisa@teste.local", "pendente_confirmacao");
  await createUser("Fabio Vigia", "fabio@teste.local", "ativo");
  const [admin] = await portal.database.db.select().from(grupos).where(eq(grupos.nome_grupo, "Administrador"));
  ids.administrador = admin!.id;
  await insertPainelData();

  // Sign the admin in once through the login form; each test gets a fresh context with that session.
  const { page, context } = await browser.newPage();
  await login(page, portal.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  adminCookies = await context.cookies();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const toastText = (page: Page) => toastLocator(page).textContent();
const path = (page: Page) => new URL(page.url()).pathname;

/** A fresh context carrying the admin's session (signed in once, in beforeAll), on `to`. */
async function asAdmin(to = "/portaria-web", options: { mobile?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await browser.newPage(options);
  await context.addCookies(adminCookies);
  await page.goto(`${portal.url}${to}`);
  return { page, context };
}

describe("Permissões", () => {
  it("creates, edits, refuses to delete while in use, then deletes a permission", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/permissoes");
    await h1(page).filter({ hasText: "Permissões" }).waitFor();
    const table = page.getByRole("table", { name: "Permissões cadastradas" });
    await table.getByText("registrar_acesso_visitante", { exact: true }).waitFor();
    const row = () => table.getByRole("row").filter({ has: page.getByText("abrir_portao_social", { exact: true }) });

    // Create: the typed name is normalised, an empty category becomes 'Outras'.
    await page.getByRole("button", { name: "Nova Permissão" }).click();
    const create = page.getByRole("dialog", { name: "Nova Permissão" });
    await create.waitFor();
    await create.getByLabel("Nome da permissão").fill("Abrir Portão Social");
    await create.getByText('Será salva como "abrir_portao_social".').waitFor();
    expect(await create.getByLabel("Categoria").inputValue()).toBe("");
    await create.getByRole("button", { name: "Criar permissão" }).click();
    await expect.poll(() => toastText(page)).toContain("Permissão criada");
    await create.waitFor({ state: "detached" });
    await row().waitFor();
    expect(await row().getByRole("cell").nth(1).textContent()).toBe("Outras");
    expect(await row().textContent()).toContain("Abrir Portao Social");

    // Edit: a description and a category of its own.
    await page.getByRole("button", { name: "Editar abrir_portao_social" }).click();
    const edit = page.getByRole("dialog", { name: "Editar Permissão" });
    await edit.waitFor();
    expect(await edit.getByLabel("Nome da permissão").inputValue()).toBe("abrir_portao_social");
    await edit.getByLabel("Categoria").fill("Portaria");
    await edit.getByLabel("Descrição").fill("Abrir o portão da entrada social");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => toastText(page)).toContain("Permissão atualizada");
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => row().getByRole("cell").nth(1).textContent()).toBe("Portaria");
    expect(await row().getByRole("cell").nth(2).textContent()).toBe("Abrir o portão da entrada social");

    // A group that uses it.
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Grupos", exact: true }).click();
    await page.getByRole("link", { name: "Criar Novo Grupo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos/novo`);
    await page.getByLabel("Nome do grupo").fill("Portaria Social");
    await page.getByRole("group", { name: "Portaria" }).getByRole("checkbox", { name: "Abrir Portao Social" }).click();
    await page.getByRole("button", { name: "Criar grupo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await expect.poll(() => toastText(page)).toContain("Grupo criado");
    await page.getByRole("row").filter({ hasText: "Portaria Social" }).waitFor();

    // Deleting the permission is refused while the group uses it (7 s toast).
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Permissões", exact: true }).click();
    await row().waitFor();
    await page.getByRole("button", { name: "Excluir abrir_portao_social" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir permissão" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Tem certeza que deseja excluir a permissão "abrir_portao_social"?');
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain('A permissão "abrir_portao_social" está em uso por 1 grupo(s) e não pode ser excluída.');
    expect(await toastLocator(page).getAttribute("data-variant")).toBe("destructive");
    await confirm.waitFor({ state: "detached" });
    expect(await row().count()).toBe(1);

    // Delete the group, then the permission goes.
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Grupos", exact: true }).click();
    await page.getByRole("button", { name: "Excluir Portaria Social" }).click();
    const confirmGroup = page.getByRole("alertdialog", { name: "Excluir grupo" });
    await confirmGroup.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Grupo excluído");
    await page.getByRole("row").filter({ hasText: "Portaria Social" }).waitFor({ state: "detached" });

    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Permissões", exact: true }).click();
    await row().waitFor();
    await page.getByRole("button", { name: "Excluir abrir_portao_social" }).click();
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Permissão excluída");
    await row().waitFor({ state: "detached" });
    await context.close();
  });
});

describe("Grupos", () => {
  it("protects Administrador: name read-only, every permission checked and locked, no delete; saving still works", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/grupos");
    const adminRow = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Administrador", exact: true }) });
    await adminRow.waitFor();
    expect(await adminRow.getByRole("link", { name: "Editar Administrador" }).isVisible()).toBe(true);
    expect(await adminRow.getByRole("button", { name: /Excluir/ }).count()).toBe(0);

    await adminRow.getByRole("link", { name: "Editar Administrador" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos/editar/${ids.administrador}`);
    const nome = page.getByLabel("Nome do grupo");
    await nome.waitFor();
    expect(await nome.inputValue()).toBe("Administrador");
    expect(await nome.isEditable()).toBe(false);
    await nome.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" 2");
    expect(await nome.inputValue()).toBe("Administrador");

    const boxes = page.getByRole("checkbox");
    await boxes.first().waitFor();
    const states = await boxes.evaluateAll((els) =>
      els.map((el) => ({ checked: el.getAttribute("aria-checked"), disabled: (el as HTMLButtonElement).disabled })),
    );
    expect(states.length).toBeGreaterThanOrEqual(19);
    expect(states.every((s) => s.checked === "true" && s.disabled)).toBe(true);
    expect(await page.getByRole("button", { name: "Marcar todas" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Excluir/ }).count()).toBe(0);

    await page.getByLabel("Descrição").fill("Acesso total ao Portaria Web — equipe da central");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/grupos`);
    await expect.poll(() => toastText(page)).toContain("Grupo atualizado");
    await adminRow.filter({ hasText: "equipe da central" }).waitFor();
    await context.close();
  });
});

describe("Usuários", () => {
  const names = (page: Page) =>
    page
      .getByRole("table", { name: "Usuários cadastrados" })
      .locator("tbody tr td:first-child")
      .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ""));
  const badges = (page: Page) => page.getByRole("table", { name: "Usuários cadastrados" }).locator("tbody [data-status]").allTextContents();

  it("filters by text (name, e-mail, CPF) and by status", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios");
    await h1(page).filter({ hasText: "Usuários" }).waitFor();
    await expect
      .poll(() => names(page))
      .toEqual(expect.arrayContaining(["Administrador", "Bruno Ativo", "Carla Inativa", "Diego Bloqueado", "Elisa Pendente", "Fabio Vigia"]));
    const brunoRow = page.getByRole("row").filter({ hasText: "Bruno Ativo" });
    expect(await brunoRow.textContent()).toContain("529.982.247-25");
    expect(await brunoRow.textContent()).toContain("(11) 98765-4321");

    const search = page.getByRole("searchbox", { name: "Buscar por nome, email ou CPF" });
    expect(await search.getAttribute("placeholder")).toBe("Buscar por nome, email ou CPF...");
    await search.fill("bruno");
    await expect.poll(() => names(page)).toEqual(["Bruno Ativo"]);
    await search.fill("elisa@teste");
    await expect.poll(() => names(page)).toEqual(["Elisa Pendente"]);
    await search.fill("529.982");
    await expect.poll(() => names(page)).toEqual(["Bruno Ativo"]);
    await search.fill("ninguém com este nome");
    await page.getByText("Nenhum usuário encontrado").waitFor();
    await search.fill("");
    await expect.poll(async () => (await names(page)).length).toBeGreaterThanOrEqual(6);

    const statusMenu = page.getByRole("button", { name: /^Status:/ });
    expect(await statusMenu.getAttribute("aria-label")).toBe("Status: Todos");
    await statusMenu.click();
    expect(await page.getByRole("menuitemradio").allTextContents()).toEqual(["Todos", "Ativo", "Inativo", "Pendente", "Bloqueado"]);
    await page.getByRole("menuitemradio", { name: "Inativo" }).click();
    // Carla is also in the unfiltered list: wait for the filtered page (only Inativo badges).
    await expect.poll(async () => [...new Set(await badges(page))]).toEqual(["Inativo"]);
    expect(await names(page)).toContain("Carla Inativa");
    expect(await statusMenu.getAttribute("aria-label")).toBe("Status: Inativo");
    expect(await names(page)).not.toContain("Bruno Ativo");

    await statusMenu.click();
    await page.getByRole("menuitemradio", { name: "Bloqueado" }).click();
    await expect.poll(() => names(page)).toEqual(["Diego Bloqueado"]);
    expect(await badges(page)).toEqual(["Bloqueado"]);

    await statusMenu.click();
    await page.getByRole("menuitemradio", { name: "Pendente" }).click();
    await expect.poll(async () => [...new Set(await badges(page))]).toEqual(["Pendente"]);
    expect(await names(page)).toContain("Elisa Pendente");

    // Text and status together.
    await statusMenu.click();
    await page.getByRole("menuitemradio", { name: "Ativo", exact: true }).click();
    await search.fill("fabio");
    await expect.poll(() => names(page)).toEqual(["Fabio Vigia"]);
    await search.fill("carla");
    await page.getByText("Nenhum usuário encontrado").waitFor();
    await context.close();
  });

  it("refuses a user with an invalid CPF and creates nothing", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios/novo");
    await h1(page).filter({ hasText: "Novo Usuário" }).waitFor();
    await page.getByLabel("Nome completo").fill("Gustavo Sem Cpf");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("gustavo@teste.local");
    await page.getByLabel("Senha inicial").fill("provisoria-1");
    const cpf = page.getByRole("textbox", { name: "CPF" });
    await cpf.fill("12345678900");
    expect(await cpf.inputValue()).toBe("123.456.789-00");
    await page.getByRole("button", { name: "Criar usuário" }).click();
    await expect.poll(() => toastText(page)).toContain("CPF inválido. Confira os números.");
    expect(await cpf.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("CPF inválido. Confira os números.", { exact: true }).first().isVisible()).toBe(true);
    expect(path(page)).toBe("/portaria-web/admin/usuarios/novo");

    // Nothing was created: not in the list, not in the database.
    await page.goto(`${portal.url}/portaria-web/admin/usuarios`);
    await page.getByRole("searchbox", { name: "Buscar por nome, email ou CPF" }).fill("gustavo");
    await page.getByText("Nenhum usuário encontrado").waitFor();
    expect(await portal.database.db.select().from(usuarios).where(eq(usuarios.email, "gustavo@teste.local"))).toEqual([]);
    await context.close();
  });

  it("deactivates a user from the list after confirming; the admin's own row cannot be deactivated", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios");
    const table = page.getByRole("table", { name: "Usuários cadastrados" });
    const own = table.getByRole("row").filter({ hasText: "(você)" });
    await own.waitFor();
    expect(await own.textContent()).toContain(ADMIN.email);
    expect(await own.getByRole("button", { name: /Desativar/ }).count()).toBe(0);

    const fabio = table.getByRole("row").filter({ hasText: "Fabio Vigia" });
    expect(await fabio.locator("[data-status]").textContent()).toBe("Ativo");
    await fabio.getByRole("button", { name: "Desativar Fabio Vigia" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Desativar usuário" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Tem certeza que deseja desativar o usuário "Fabio Vigia"?');

    // Cancelling changes nothing.
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await fabio.locator("[data-status]").textContent()).toBe("Ativo");

    await fabio.getByRole("button", { name: "Desativar Fabio Vigia" }).click();
    await dialog.getByRole("button", { name: "Desativar", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Status atualizado");
    await expect.poll(() => fabio.locator("[data-status]").textContent()).toBe("Inativo");
    expect(await fabio.getByRole("button", { name: "Ativar Fabio Vigia" }).isVisible()).toBe(true);
    expect(await fabio.getByRole("button", { name: /Desativar/ }).count()).toBe(0);
    await context.close();

    // Fabio can no longer sign in.
    const other = await browser.newPage();
    await login(other.page, portal.url, "fabio@teste.local", "senha-provisoria-1");
    await expect.poll(() => toastText(other.page)).toContain("inativa ou bloqueada");
    expect(path(other.page)).toBe("/login");
    await other.context.close();
  });

  it("edit screen: e-mail read-only; sends a password-reset e-mail", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios");
    await page.getByRole("link", { name: "Editar Bruno Ativo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/usuarios/editar/${ids.bruno}`);
    await h1(page).filter({ hasText: "Editar Usuário" }).waitFor();

    const email = page.getByRole("textbox", { name: "Email", exact: true });
    await email.waitFor();
    expect(await email.inputValue()).toBe("bruno@teste.local");
    expect(await email.isEditable()).toBe(false);
    expect(await page.getByLabel("Nome completo").inputValue()).toBe("Bruno Ativo");
    expect(await page.getByRole("textbox", { name: "CPF" }).inputValue()).toBe("529.982.247-25");
    expect(await page.getByRole("combobox", { name: "Status" }).textContent()).toBe("Ativo");

    await page.getByRole("button", { name: "Enviar email de redefinição de senha" }).click();
    await expect.poll(() => toastText(page)).toContain("Email de recuperação enviado");
    expect(await toastText(page)).toContain("bruno@teste.local");
    const mail = await smtp.waitFor("bruno@teste.local");
    expect(mail.subject).toBe("Redefinição de senha");
    expect(mail.text).toContain(`${portal.url}/portaria-web/alterar-senha?token=`);

    // On one's own account the action is not offered.
    await page.goto(`${portal.url}/portaria-web/admin/usuarios`);
    await page
      .getByRole("row")
      .filter({ hasText: "(você)" })
      .getByRole("link", { name: /^Editar/ })
      .click();
    await page.getByRole("button", { name: "Enviar email de redefinição de senha" }).waitFor();
    expect(await page.getByRole("button", { name: "Enviar email de redefinição de senha" }).isDisabled()).toBe(true);
    expect(await page.getByText("Você não pode resetar a senha da sua própria conta desta forma.").isVisible()).toBe(true);
    await context.close();
  });
});

describe("Painel de Controle", () => {
  const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`).textContent();
  const allStats = async (page: Page) => ({
    moradores: await stat(page, "moradores_ativos"),
    unidades: await stat(page, "unidades_ativas"),
    veiculos: await stat(page, "veiculos_ativos"),
    prestadores: await stat(page, "prestadores_ativos"),
    taxa: await stat(page, "taxa_ocupacao"),
    detalhe: await stat(page, "taxa_ocupacao-detalhe"),
  });

  it("counts active records for every condominium, then for the one picked; Relatórios shows today at the gate", async () => {
    const { page, context } = await asAdmin();
    await page.getByTestId("stat-moradores_ativos").waitFor();
    // Active residents (also of an inactive unit), active units, vehicles and providers;
    // occupied = active units with an active resident: 101 and Bosque 1 of 5.
    expect(await allStats(page)).toEqual({
      moradores: "4",
      unidades: "5",
      veiculos: "2",
      prestadores: "2",
      taxa: "40,0%",
      detalhe: "2 de 5 unidades ocupadas",
    });

    const filter = page.getByRole("combobox", { name: "Condomínio" });
    expect(await filter.textContent()).toBe("Todos os condomínios");
    await filter.click();
    // Only active condominiums, by name.
    expect(await page.getByRole("option").allTextContents()).toEqual(["Todos os condomínios", "Condomínio Bosque", "Residencial Aurora"]);
    await page.getByRole("option", { name: "Residencial Aurora" }).click();
    await expect
      .poll(() => allStats(page))
      .toEqual({
        moradores: "3",
        unidades: "3",
        veiculos: "1",
        prestadores: "1",
        taxa: "33,3%",
        detalhe: "1 de 3 unidades ocupadas",
      });

    await filter.click();
    await page.getByRole("option", { name: "Condomínio Bosque" }).click();
    await expect
      .poll(() => allStats(page))
      .toEqual({
        moradores: "1",
        unidades: "2",
        veiculos: "1",
        prestadores: "0",
        taxa: "50,0%",
        detalhe: "1 de 2 unidades ocupadas",
      });

    await filter.click();
    await page.getByRole("option", { name: "Todos os condomínios" }).click();
    await expect.poll(() => stat(page, "moradores_ativos")).toBe("4");

    // Every quick link for the admin. Who may read the access records gets the 'Relatórios' card
    // (today at the gate, issue 15) instead of part 1's disabled 'Relatórios (Em Breve)'.
    const quick = page.getByRole("region", { name: "Acesso Rápido" });
    expect(await quick.getByRole("link").allTextContents()).toEqual(["Condomínios", "Unidades", "Veículos", "Prestadores", "Usuários", "Grupos"]);
    expect(await quick.getByRole("button", { name: /Relatórios \(Em Breve\)/ }).count()).toBe(0);
    const relatorios = page.getByRole("region", { name: "Relatórios — hoje na portaria" });
    await relatorios.getByText("Entradas hoje").waitFor();
    expect(await relatorios.getByRole("img").getAttribute("aria-label")).toBe("Nenhuma entrada hoje.");
    await relatorios.getByRole("link", { name: "Ver registros" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/registros`);
    await context.close();
  });
});

describe("accessibility", () => {
  it("axe finds no violation on the painel and each admin screen", async () => {
    const { page, context } = await asAdmin();
    const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
      { path: "/portaria-web", ready: (p) => p.getByTestId("stat-taxa_ocupacao").waitFor() },
      { path: "/portaria-web/admin/usuarios", ready: (p) => p.getByRole("row").filter({ hasText: "Bruno Ativo" }).waitFor() },
      { path: "/portaria-web/admin/usuarios/novo", ready: (p) => p.getByRole("checkbox", { name: "Administrador" }).waitFor() },
      {
        path: `/portaria-web/admin/usuarios/editar/${ids.bruno}`,
        ready: (p) => p.getByRole("button", { name: "Enviar email de redefinição de senha" }).waitFor(),
      },
      { path: "/portaria-web/admin/grupos", ready: (p) => p.getByRole("link", { name: "Editar Administrador" }).waitFor() },
      { path: "/portaria-web/admin/grupos/novo", ready: (p) => p.getByRole("checkbox").first().waitFor() },
      { path: `/portaria-web/admin/grupos/editar/${ids.administrador}`, ready: (p) => p.getByRole("checkbox").first().waitFor() },
      { path: "/portaria-web/admin/permissoes", ready: (p) => p.getByText("registrar_acesso_visitante", { exact: true }).waitFor() },
      { path: "/portaria-web/controle-acesso", ready: (p) => h1(p).filter({ hasText: "Controle de Acesso" }).waitFor() },
      { path: "/portaria-web/configuracoes", ready: (p) => h1(p).filter({ hasText: "Configurações" }).waitFor() },
    ];
    for (const screen of screens) {
      await page.goto(`${portal.url}${screen.path}`);
      await screen.ready(page);
      expect(path(page), screen.path).toBe(screen.path);
      await expectNoA11yViolations(page);
    }

    // The permissions catalogue with its create dialog open.
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Permissões", exact: true }).click();
    await page.getByText("registrar_acesso_visitante", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Nova Permissão" }).click();
    await page.getByRole("dialog", { name: "Nova Permissão" }).getByLabel("Nome da permissão").waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe("'Condomínios' of a member of Administrador", () => {
  const NOTE =
    "Membros do grupo Administrador atendem todos os condomínios: o acesso não pode ser restrito. Para escolher condomínios, desmarque o grupo Administrador.";
  const description = (locator: ReturnType<Page["getByRole"]>) =>
    locator.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );

  /** While Administrador is ticked the field is fixed to every condominium and says why; unticked, it is a choice again. */
  async function expectFollowsAdministrador(page: Page, servedAllBefore: boolean) {
    const admin = page.getByRole("checkbox", { name: "Administrador", exact: true });
    const field = page.getByRole("group", { name: "Condomínios" });
    const todos = field.getByRole("switch", { name: "Todos os condomínios" });
    await field.getByText(NOTE).waitFor();
    expect(await admin.getAttribute("aria-checked")).toBe("true");
    expect(await todos.getAttribute("aria-checked")).toBe("true");
    expect(await todos.isDisabled()).toBe(true);
    expect(await description(todos)).toBe(NOTE);
    expect(await description(field)).toContain(NOTE);
    expect(await field.getByRole("checkbox").count()).toBe(0);
    // The note fits the screen: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(page);

    await admin.click();
    await field.getByText(NOTE).waitFor({ state: "detached" });
    expect(await todos.isDisabled()).toBe(false);
    // The user's own choice is back, and can be changed.
    expect(await todos.getAttribute("aria-checked")).toBe(String(servedAllBefore));
    if (servedAllBefore) await todos.click();
    await field.getByRole("checkbox", { name: "Residencial Aurora" }).click();
    expect(await field.getByRole("checkbox", { name: "Residencial Aurora" }).getAttribute("aria-checked")).toBe("true");
    await expectNoA11yViolations(page);

    // Ticked again: fixed again; the choice comes back when it is unticked once more.
    await admin.click();
    await field.getByText(NOTE).waitFor();
    expect(await todos.getAttribute("aria-checked")).toBe("true");
    expect(await field.getByRole("checkbox").count()).toBe(0);
    await admin.click();
    expect(await field.getByRole("checkbox", { name: "Residencial Aurora" }).getAttribute("aria-checked")).toBe("true");
  }

  it.each([
    ["desktop", false],
    ["390 px", true],
  ])("new user form (%s): Administrador preselected, the field says it serves every condominium", async (_, mobile) => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios/novo", { mobile });
    await h1(page).filter({ hasText: "Novo Usuário" }).waitFor();
    await expectFollowsAdministrador(page, false);
    await context.close();
  });

  it("edit form: ticking Administrador for a user fixes the field the same way", async () => {
    const { page, context } = await asAdmin(`/portaria-web/admin/usuarios/editar/${ids.bruno}`);
    const admin = page.getByRole("checkbox", { name: "Administrador", exact: true });
    await admin.waitFor();
    expect(await admin.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByText(NOTE).count()).toBe(0);
    await admin.click();
    await expectFollowsAdministrador(page, true);
    await context.close();
  });
});
