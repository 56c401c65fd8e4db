import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// The registry screens for someone who may only look (issue 4): no create, edit or delete
// controls, every field disabled, the provider's view-only notice; and axe on every list and form.
let portal: RunningPortal;
let browser: BrowserHandle;
const sessions: Record<"viewer" | "admin", Awaited<ReturnType<BrowserContext["cookies"]>>> = { viewer: [], admin: [] };
const ids = { condominio: "", unidade: "", prestador: "" };

const VIEWER = { email: "vera.consulta@teste.local", password: "senha-da-vera-1", nome: "Vera Consulta", grupo: "Consulta" };
const VIEW_PERMISSIONS = ["visualizar_condominios", "visualizar_unidades", "visualizar_veiculos", "visualizar_prestadores_servico"];

async function signIn(email: string, password: string) {
  const { page, context } = await browser.newPage();
  await login(page, portal.url, email, password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;

  // One condominium with a unit, a resident with a car, and a provider.
  const [aurora] = await db
    .insert(condominios)
    .values({ nome: "Residencial Aurora", cnpj: "11222333000181", cidade: "Barueri", estado: "SP", sindico_nome: "Helena Martins" })
    .returning();
  const [a101] = await db
    .insert(unidades)
    .values({ condominio_id: aurora!.id, bloco: "A", numero_unidade: "101", andar: "1º", tipo_unidade: "Apartamento" })
    .returning();
  const [ana] = await db
    .insert(moradores)
    .values({ unidade_id: a101!.id, nome_completo: "Ana Souza", tipo_morador: "proprietario", email: "ana@teste.local" })
    .returning();
  await db
    .insert(veiculos)
    .values({ morador_id: ana!.id, unidade_id: a101!.id, placa: "ABC1234", marca: "Honda", modelo: "Civic", cor: "Preto", tipo_veiculo: "carro" });
  const [limpa] = await db
    .insert(prestadores)
    .values({ nome_empresa_profissional: "Limpa Bem Serviços", tipo_servico: "Limpeza", condominio_id: aurora!.id, data_inicio_autorizacao: "2025-01-15" })
    .returning();
  Object.assign(ids, { condominio: aurora!.id, unidade: a101!.id, prestador: limpa!.id });

  // A user whose only group grants the four view permissions; first access done.
  await createPortariaUser(portal, {
    email: VIEWER.email,
    password: VIEWER.password,
    nome: VIEWER.nome,
    grupo: { nome: VIEWER.grupo, descricao: "Só consulta", permissions: VIEW_PERMISSIONS },
  });

  sessions.viewer = await signIn(VIEWER.email, VIEWER.password);
  sessions.admin = await signIn(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Portaria Web" });
const path = (page: Page) => new URL(page.url()).pathname;

async function as(who: "viewer" | "admin", to: string) {
  const { page, context } = await browser.newPage();
  await context.addCookies(sessions[who]);
  await page.goto(`${portal.url}${to}`);
  return { page, context };
}

/** Every text field, select and switch of `scope` is shown but disabled. */
async function expectAllDisabled(scope: Locator, minimum: number) {
  const controls = scope.locator("input, textarea, button[role='combobox'], button[role='switch']");
  await controls.first().waitFor();
  const count = await controls.count();
  expect(count).toBeGreaterThanOrEqual(minimum);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    expect(await control.isDisabled(), await control.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(true);
  }
}

/** A create screen typed in the address bar: the 'Acesso Negado' card (§2) instead of the form. */
async function expectDeniedCard(page: Page, to: string) {
  await page.goto(`${portal.url}${to}`);
  const card = page.getByRole("alert").filter({ hasText: "Acesso Negado" });
  await card.waitFor();
  expect(new URL(page.url()).pathname).toBe(to);
  expect(await card.textContent()).toContain("Você não possui permissão para acessar esta página.");
  expect(await card.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe("/portaria-web");
  expect(await page.locator("form").count()).toBe(0);
  await expectNoA11yViolations(page);
}

describe("a user with only the view permissions", () => {
  it("sees the registry lists and records with no create, edit or delete control and every field disabled", async () => {
    const { page, context } = await as("viewer", "/portaria-web");
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();
    await sidebar(page).getByRole("link").first().waitFor();
    expect(await sidebar(page).getByRole("link").allTextContents()).toEqual([
      "Painel de Controle",
      "Condomínios",
      "Unidades",
      "Veículos",
      "Prestadores",
      "Configurações",
    ]);
    const quick = page.getByRole("region", { name: "Acesso Rápido" });
    expect(await quick.getByRole("link").allTextContents()).toEqual(["Condomínios", "Unidades", "Veículos", "Prestadores"]);

    // --- Condominiums: the card opens the details read-only.
    await sidebar(page).getByRole("link", { name: "Condomínios", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios`);
    const card = page.getByRole("list", { name: "Condomínios cadastrados" }).getByRole("listitem").filter({ hasText: "Residencial Aurora" });
    await card.waitFor();
    expect(await page.getByRole("link", { name: "Novo Condomínio" }).count()).toBe(0);
    await card.getByRole("link", { name: "Detalhes / Editar" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios/editar/${ids.condominio}`);
    await h1(page).filter({ hasText: "Detalhes do Condomínio" }).waitFor();
    const condominioForm = page.locator("form");
    await expect.poll(() => page.getByRole("textbox", { name: "Nome", exact: true }).inputValue()).toBe("Residencial Aurora");
    expect(await page.getByRole("textbox", { name: "CNPJ" }).inputValue()).toBe("11.222.333/0001-81");
    expect(await page.getByRole("combobox", { name: "Estado (UF)" }).textContent()).toBe("SP");
    expect(await page.getByText("Você tem permissão apenas para visualizar este condomínio. Para editar, contate um administrador.").isVisible()).toBe(true);
    await expectAllDisabled(condominioForm, 11);
    expect(await page.getByRole("button", { name: /Salvar|Excluir/ }).count()).toBe(0);
    expect(await condominioForm.getByRole("link", { name: "Voltar", exact: true }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    await expectDeniedCard(page, "/portaria-web/condominios/novo");

    // --- Units: no create button, no edit link; the unit's page has disabled fields and no residents section.
    await sidebar(page).getByRole("link", { name: "Unidades", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades`);
    const unitsTable = page.getByRole("table", { name: "Unidades cadastradas" });
    await unitsTable.getByRole("row").filter({ hasText: "Residencial Aurora" }).waitFor();
    expect(await page.getByRole("link", { name: "Cadastrar Nova Unidade" }).count()).toBe(0);
    expect(await unitsTable.getByRole("link").count()).toBe(0);
    expect(await unitsTable.getByRole("button").count()).toBe(0);

    await page.goto(`${portal.url}/portaria-web/unidades/editar/${ids.unidade}`);
    await h1(page).filter({ hasText: "Detalhes da Unidade" }).waitFor();
    const unidadeForm = page.getByRole("form", { name: "Dados da unidade" });
    await unidadeForm.waitFor();
    expect(await page.getByText("Você tem permissão apenas para visualizar os dados desta unidade.").isVisible()).toBe(true);
    expect(await unidadeForm.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Residencial Aurora");
    expect(await unidadeForm.getByRole("textbox", { name: "Número da Unidade" }).inputValue()).toBe("101");
    await expectAllDisabled(unidadeForm, 7);
    expect(await page.getByRole("button", { name: /Salvar|Excluir|Adicionar/ }).count()).toBe(0);
    expect(await page.getByTestId("moradores-section").count()).toBe(0);
    expect(await unidadeForm.getByRole("link", { name: "Voltar", exact: true }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // The create screen says it is closed to them.
    await page.goto(`${portal.url}/portaria-web/unidades/novo`);
    const denied = page.getByRole("alert").filter({ hasText: "Acesso Negado" });
    await denied.waitFor();
    expect(await denied.textContent()).toContain("Você não tem permissão para criar unidades.");
    expect(await denied.getByRole("link", { name: "Voltar para unidades" }).getAttribute("href")).toBe("/portaria-web/unidades");
    expect(await page.getByRole("form", { name: "Dados da unidade" }).count()).toBe(0);

    // --- Vehicles: listed, without the link to edit them in the unit.
    await sidebar(page).getByRole("link", { name: "Veículos", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/veiculos`);
    const vehiclesTable = page.getByRole("table", { name: "Veículos cadastrados" });
    const carRow = vehiclesTable.getByRole("row").filter({ hasText: "ABC-1234" });
    await carRow.waitFor();
    expect(await carRow.textContent()).toContain("Ana Souza");
    expect(await vehiclesTable.getByRole("link").count()).toBe(0);

    // --- Providers: a 'Ver' link instead of 'Editar'; the notice; no save, no delete.
    await sidebar(page).getByRole("link", { name: "Prestadores", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores`);
    const providerRow = page.getByRole("row").filter({ hasText: "Limpa Bem Serviços" });
    await providerRow.waitFor();
    expect(await providerRow.textContent()).toContain("15/01/2025 até Indeterminado");
    expect(await page.getByRole("link", { name: "Novo Prestador" }).count()).toBe(0);
    expect(await providerRow.getByRole("link", { name: /^Editar/ }).count()).toBe(0);
    await providerRow.getByRole("link", { name: "Ver Limpa Bem Serviços" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores/editar/${ids.prestador}`);
    await h1(page).filter({ hasText: "Detalhes do Prestador" }).waitFor();
    const notice = page.getByText("Você tem permissão apenas para visualizar este prestador. Para editar, contate um administrador.", { exact: true });
    await notice.waitFor();
    const prestadorForm = page.locator("form");
    expect(await page.getByRole("textbox", { name: "Nome/Empresa" }).inputValue()).toBe("Limpa Bem Serviços");
    expect(await page.getByLabel("Início da autorização").inputValue()).toBe("15/01/2025");
    expect(await page.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Residencial Aurora");
    await expectAllDisabled(prestadorForm, 10);
    expect(await page.getByRole("button", { name: /Salvar|Cadastrar|Excluir/ }).count()).toBe(0);
    expect(await prestadorForm.getByRole("link", { name: "Voltar", exact: true }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    await expectDeniedCard(page, "/portaria-web/prestadores/novo");
    await context.close();
  });
});

describe("accessibility", () => {
  it("axe finds no violation on each registry list and form, dialogs included", async () => {
    const { page, context } = await as("admin", "/portaria-web");
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();
    const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
      {
        path: "/portaria-web/condominios",
        ready: (p) => p.getByRole("list", { name: "Condomínios cadastrados" }).getByText("Residencial Aurora").waitFor(),
      },
      { path: "/portaria-web/condominios/novo", ready: (p) => p.getByRole("button", { name: "Criar condomínio" }).waitFor() },
      {
        path: `/portaria-web/condominios/editar/${ids.condominio}`,
        ready: (p) => expect.poll(() => p.getByRole("textbox", { name: "Nome", exact: true }).inputValue()).toBe("Residencial Aurora"),
      },
      { path: "/portaria-web/unidades", ready: (p) => p.getByRole("row").filter({ hasText: "Residencial Aurora" }).waitFor() },
      { path: "/portaria-web/unidades/novo", ready: (p) => p.getByRole("button", { name: "Cadastrar Unidade" }).waitFor() },
      { path: "/portaria-web/veiculos", ready: (p) => p.getByRole("row").filter({ hasText: "ABC-1234" }).waitFor() },
      { path: "/portaria-web/prestadores", ready: (p) => p.getByRole("row").filter({ hasText: "Limpa Bem Serviços" }).waitFor() },
      { path: "/portaria-web/prestadores/novo", ready: (p) => p.getByRole("button", { name: "Cadastrar prestador" }).waitFor() },
      {
        path: `/portaria-web/prestadores/editar/${ids.prestador}`,
        ready: (p) => expect.poll(() => p.getByRole("textbox", { name: "Nome/Empresa" }).inputValue()).toBe("Limpa Bem Serviços"),
      },
    ];
    for (const screen of screens) {
      await page.goto(`${portal.url}${screen.path}`);
      await screen.ready(page);
      expect(path(page), screen.path).toBe(screen.path);
      await expectNoA11yViolations(page);
    }

    // The unit's page, then with the resident dialog and the vehicle dialog open.
    await page.goto(`${portal.url}/portaria-web/unidades/editar/${ids.unidade}`);
    const ana = page.getByTestId("moradores-section").getByRole("article", { name: "Ana Souza" });
    await ana.getByText("ABC-1234").waitFor();
    await page.getByRole("button", { name: "Salvar alterações" }).waitFor();
    await expectNoA11yViolations(page);

    await page.getByTestId("moradores-section").getByRole("button", { name: "Adicionar Morador" }).click();
    const moradorDialog = page.getByRole("dialog", { name: "Adicionar Morador" });
    await moradorDialog.getByRole("textbox", { name: "Nome completo" }).waitFor();
    await expectNoA11yViolations(page);
    await moradorDialog.getByRole("button", { name: "Cancelar" }).click();
    await moradorDialog.waitFor({ state: "detached" });

    await ana.getByRole("button", { name: "Editar morador Ana Souza" }).click();
    const editMorador = page.getByRole("dialog", { name: "Editar Morador" });
    await expect.poll(() => editMorador.getByRole("textbox", { name: "Nome completo" }).inputValue()).toBe("Ana Souza");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await editMorador.waitFor({ state: "detached" });

    await ana.getByRole("button", { name: "Adicionar veículo para Ana Souza" }).click();
    const veiculoDialog = page.getByRole("dialog", { name: "Adicionar Veículo" });
    await veiculoDialog.getByRole("textbox", { name: "Placa" }).waitFor();
    await expectNoA11yViolations(page);
    await veiculoDialog.getByRole("button", { name: "Cancelar" }).click();
    await veiculoDialog.waitFor({ state: "detached" });

    await ana.getByRole("button", { name: "Editar veículo ABC-1234" }).click();
    const editVeiculo = page.getByRole("dialog", { name: "Editar Veículo" });
    await expect.poll(() => editVeiculo.getByRole("textbox", { name: "Placa" }).inputValue()).toBe("ABC-1234");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await editVeiculo.waitFor({ state: "detached" });
    await context.close();
  });
});
