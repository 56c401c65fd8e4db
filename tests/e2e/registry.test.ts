import { eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../src/server/db/schema";
import { launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// The registry screens (issue 4) as the admin uses them: condominium, unit, resident with a car,
// provider — created through the screens, found through the lists' searches and filters, counted
// by the painel; the §8 refusals to delete linked records; the unit list's infinite scroll.
let portal: RunningPortal;
let browser: BrowserHandle;
let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

// Background data, set up in the database: a big condominium (60 units, no residents) and a
// general provider with a closed authorization period.
const GRANDE = "Condomínio Vila Grande";
const GERAL = "Dedetiza Já";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [grande] = await db.insert(condominios).values({ nome: GRANDE, cidade: "Santana de Parnaíba", estado: "SP" }).returning();
  await db
    .insert(unidades)
    .values(Array.from({ length: 60 }, (_, i) => ({ condominio_id: grande!.id, bloco: "T", numero_unidade: String(i + 1), tipo_unidade: "Casa" })));
  await db.insert(prestadores).values({
    nome_empresa_profissional: GERAL,
    tipo_servico: "Dedetização",
    data_inicio_autorizacao: "2025-03-01",
    data_fim_autorizacao: "2025-12-31",
  });

  const { page, context } = await browser.newPage();
  await login(page, portal.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  adminCookies = await context.cookies();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Portaria Web" });
const toastText = (page: Page) => toastLocator(page).textContent();
const path = (page: Page) => new URL(page.url()).pathname;
const stats = async (page: Page) => ({
  moradores: await page.getByTestId("stat-moradores_ativos").textContent(),
  unidades: await page.getByTestId("stat-unidades_ativas").textContent(),
  veiculos: await page.getByTestId("stat-veiculos_ativos").textContent(),
  prestadores: await page.getByTestId("stat-prestadores_ativos").textContent(),
  taxa: await page.getByTestId("stat-taxa_ocupacao").textContent(),
});
/** The text of each cell of each body row of a table. */
const tableRows = (page: Page, name: string) =>
  page
    .getByRole("table", { name })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("td"), (td) => td.textContent?.trim() ?? "")));
const firstCells = async (page: Page, name: string) => (await tableRows(page, name)).map((cells) => cells[0]);

/** Picks `option` in the combobox named `name` (a Radix select). */
async function choose(page: Page, name: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect.poll(() => scope.getByRole("combobox", { name, exact: true }).textContent()).toBe(option);
}

async function goToPainel(page: Page) {
  await sidebar(page).getByRole("link", { name: "Painel de Controle" }).click();
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.getByTestId("stat-taxa_ocupacao").waitFor();
}

describe("the admin registers a condominium, a unit, a resident with a car and a provider", () => {
  it("creates each through the screens, finds them in the lists, sees the painel count them; linked deletes are refused; deleting the resident takes the car", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();
    await expect.poll(() => stats(page)).toEqual({ moradores: "0", unidades: "60", veiculos: "0", prestadores: "1", taxa: "0,0%" });

    // --- Condominium: the form, then back to the list with the toast.
    await sidebar(page).getByRole("link", { name: "Condomínios", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios`);
    await page.getByRole("link", { name: "Novo Condomínio" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios/novo`);
    await h1(page).filter({ hasText: "Novo Condomínio" }).waitFor();
    // A new condominium starts active.
    expect(await page.getByRole("switch", { name: "Ativo" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Residencial Ipê Amarelo");
    const cnpj = page.getByLabel("CNPJ", { exact: true });
    await cnpj.fill("11222333000181");
    expect(await cnpj.inputValue()).toBe("11.222.333/0001-81");
    await page.getByLabel("Endereço", { exact: true }).fill("Alameda Rio Negro, 500, Alphaville");
    await page.getByLabel("Cidade", { exact: true }).fill("Barueri");
    await choose(page, "Estado (UF)", "SP");
    await page.getByLabel("Nome do síndico").fill("Helena Martins");
    await page.getByRole("button", { name: "Criar condomínio" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios`);
    await expect.poll(() => toastText(page)).toContain("Condomínio criado!");

    // Found by name and by CNPJ; a search that matches nothing says so.
    const cards = page.getByRole("list", { name: "Condomínios cadastrados" }).getByRole("listitem");
    const cardNames = () => cards.getByRole("heading", { level: 2 }).allTextContents();
    await expect.poll(cardNames).toEqual(["Condomínio Vila Grande", "Residencial Ipê Amarelo"]);
    const ipeCard = cards.filter({ hasText: "Residencial Ipê Amarelo" });
    expect(await ipeCard.textContent()).toContain("11.222.333/0001-81");
    expect(await ipeCard.textContent()).toContain("Barueri - SP");
    expect(await ipeCard.getByText("Ativo", { exact: true }).isVisible()).toBe(true);
    const searchCondominios = page.getByRole("searchbox", { name: "Buscar" });
    expect(await searchCondominios.getAttribute("placeholder")).toBe("Buscar por nome ou CNPJ...");
    await searchCondominios.fill("ipê amarelo");
    await expect.poll(cardNames).toEqual(["Residencial Ipê Amarelo"]);
    await searchCondominios.fill("11.222.333");
    await expect.poll(cardNames).toEqual(["Residencial Ipê Amarelo"]);
    await searchCondominios.fill("vila");
    await expect.poll(cardNames).toEqual([GRANDE]);
    await searchCondominios.fill("nenhum condomínio tem este nome");
    await page.getByText("Nenhum condomínio encontrado").waitFor();

    // --- Unit in it.
    await sidebar(page).getByRole("link", { name: "Unidades", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades`);
    await page.getByRole("link", { name: "Cadastrar Nova Unidade" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades/novo`);
    await h1(page).filter({ hasText: "Cadastrar Nova Unidade" }).waitFor();
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    // Only active condominiums, by name.
    expect(await page.getByRole("option").allTextContents()).toEqual([GRANDE, "Residencial Ipê Amarelo"]);
    await page.getByRole("option", { name: "Residencial Ipê Amarelo" }).click();
    await page.getByLabel("Bloco/Torre").fill("A");
    await page.getByLabel("Número da Unidade").fill("101");
    await page.getByLabel("Andar").fill("1º");
    await page.getByLabel("Tipo de Unidade").fill("Apartamento");
    await page.getByRole("button", { name: "Cadastrar Unidade" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades`);
    await expect.poll(() => toastText(page)).toContain("Unidade criada!");

    // Found by the condominium filter and by text over block, number and type.
    const UNITS = "Unidades cadastradas";
    const ipeRow = ["Residencial Ipê Amarelo", "A", "101", "1º", "Apartamento", "0", "Ativa", ""];
    const searchUnidades = page.getByRole("searchbox", { name: "Buscar" });
    await page.getByText("Mostrando 50 de 61").waitFor();
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    await expect.poll(() => tableRows(page, UNITS)).toEqual([ipeRow]);
    await page.getByText("Mostrando 1 de 1").waitFor();
    await choose(page, "Condomínio", "Todos os condomínios");
    await searchUnidades.fill("APARTA");
    await expect.poll(() => tableRows(page, UNITS)).toEqual([ipeRow]);
    await searchUnidades.fill("101");
    await expect.poll(() => tableRows(page, UNITS)).toEqual([ipeRow]);
    await searchUnidades.fill("casa");
    await page.getByText("Mostrando 50 de 60").waitFor();
    // The condominium filter and the text together: nothing, and a way to clear both.
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    await page.getByText("Nenhuma unidade encontrada").waitFor();
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await page.getByText("Mostrando 50 de 61").waitFor();
    expect(await searchUnidades.inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Todos os condomínios");
    await searchUnidades.fill("101");
    await expect.poll(() => tableRows(page, UNITS)).toEqual([ipeRow]);

    // --- A resident with a car, on the unit's page.
    await page.getByRole("link", { name: "Editar unidade Bloco A - 101 (Residencial Ipê Amarelo)" }).click();
    await page.waitForURL(/\/portaria-web\/unidades\/editar\/[0-9a-f-]{36}$/);
    const unidadePath = path(page);
    await h1(page).filter({ hasText: "Editar Unidade" }).waitFor();
    const section = page.getByTestId("moradores-section");
    await section.getByText("Nenhum morador cadastrado nesta unidade.").waitFor();
    await section.getByRole("button", { name: "Adicionar Morador" }).click();
    const moradorDialog = page.getByRole("dialog", { name: "Adicionar Morador" });
    await moradorDialog.waitFor();
    await moradorDialog.getByLabel("Nome completo").fill("Joana Prado");
    await choose(page, "Tipo de morador", "Proprietário", moradorDialog);
    await moradorDialog.getByLabel("Email").fill("joana.prado@teste.local");
    await moradorDialog.getByRole("button", { name: "Adicionar Morador" }).click();
    await expect.poll(() => toastText(page)).toContain("Morador adicionado!");
    await moradorDialog.waitFor({ state: "detached" });
    const joana = section.getByRole("article", { name: "Joana Prado" });
    await joana.waitFor();
    const [moradorRow] = await portal.database.db.select().from(moradores).where(eq(moradores.nome_completo, "Joana Prado"));
    expect(await joana.getAttribute("data-testid")).toBe(`morador-${moradorRow!.id}`);
    expect(await joana.textContent()).toContain("Proprietário · joana.prado@teste.local");
    expect(await joana.getByText("Ativo", { exact: true }).isVisible()).toBe(true);
    expect(await joana.getByText("Nenhum veículo cadastrado.").isVisible()).toBe(true);

    await joana.getByRole("button", { name: "Adicionar veículo para Joana Prado" }).click();
    const veiculoDialog = page.getByRole("dialog", { name: "Adicionar Veículo" });
    await veiculoDialog.waitFor();
    expect(await veiculoDialog.textContent()).toContain("Veículo de Joana Prado.");
    await veiculoDialog.getByLabel("Placa").fill("bra2e19");
    expect(await veiculoDialog.getByLabel("Placa").inputValue()).toBe("BRA2E19");
    expect(await veiculoDialog.getByRole("combobox", { name: "Tipo de veículo" }).textContent()).toBe("Carro");
    await veiculoDialog.getByLabel("Marca").fill("Fiat");
    await veiculoDialog.getByLabel("Modelo").fill("Argo");
    await veiculoDialog.getByLabel("Cor").fill("Prata");
    await veiculoDialog.getByRole("button", { name: "Adicionar Veículo" }).click();
    await expect.poll(() => toastText(page)).toContain("Veículo adicionado!");
    await veiculoDialog.waitFor({ state: "detached" });
    const carros = joana.getByRole("list", { name: "Veículos de Joana Prado" }).getByRole("listitem");
    await expect.poll(() => carros.allTextContents()).toEqual(["BRA2E19Fiat ArgoPrataAtivo"]);
    await section.getByText("1 morador", { exact: true }).waitFor();

    // --- The vehicle list finds the car by plate, brand, model or colour, with its filters.
    await sidebar(page).getByRole("link", { name: "Veículos", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/veiculos`);
    const VEHICLES = "Veículos cadastrados";
    const carRow = ["BRA2E19", "Fiat Argo", "Prata", "Carro", "Joana Prado", "Bloco A - 101", "Residencial Ipê Amarelo", "Ativo", ""];
    await expect.poll(() => tableRows(page, VEHICLES)).toEqual([carRow]);
    const searchVeiculos = page.getByRole("searchbox", { name: "Buscar" });
    expect(await searchVeiculos.getAttribute("placeholder")).toBe("Buscar por placa, marca, modelo ou cor...");
    for (const text of ["bra2", "FIAT", "argo", "prata"]) {
      await searchVeiculos.fill(text);
      await expect.poll(() => tableRows(page, VEHICLES)).toEqual([carRow]);
    }
    await choose(page, "Status", "Inativos");
    await page.getByText("Nenhum veículo encontrado").waitFor();
    await choose(page, "Status", "Ativos");
    await expect.poll(() => tableRows(page, VEHICLES)).toEqual([carRow]);
    await choose(page, "Condomínio", GRANDE);
    await page.getByText("Nenhum veículo encontrado").waitFor();
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    await expect.poll(() => tableRows(page, VEHICLES)).toEqual([carRow]);
    // Its edit link opens the owning unit.
    await page.getByRole("link", { name: "Editar veículo BRA2E19 na unidade Bloco A - 101 (Residencial Ipê Amarelo)" }).click();
    await page.waitForURL(`${portal.url}${unidadePath}`);
    await page.getByTestId("moradores-section").getByRole("article", { name: "Joana Prado" }).waitFor();

    // --- A provider for the condominium, authorized from a date with no end.
    await sidebar(page).getByRole("link", { name: "Prestadores", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores`);
    await page.getByRole("link", { name: "Novo Prestador" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores/novo`);
    await page.getByLabel("Nome/Empresa").fill("Jardins Verdes Ltda");
    await page.getByLabel("Tipo de Serviço").fill("Jardinagem");
    const doc = page.getByLabel("CNPJ/CPF");
    await doc.fill("11444777000161");
    expect(await doc.inputValue()).toBe("11.444.777/0001-61");
    expect(await page.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Geral (Sem Vínculo)");
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    // Dates are typed and read dd/MM/yyyy (issue 26).
    await page.getByLabel("Início da autorização").fill("01/02/2025");
    await page.getByRole("button", { name: "Cadastrar prestador" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores`);
    await expect.poll(() => toastText(page)).toContain("Prestador cadastrado!");

    const PROVIDERS = "Prestadores de serviço cadastrados";
    // Beside the status, the authorisation's situation today (issue 14).
    const jardinsRow = [
      "Jardins Verdes Ltda",
      "11.444.777/0001-61",
      "Jardinagem",
      "Residencial Ipê Amarelo",
      "01/02/2025 até Indeterminado",
      "Ativo",
      "Indeterminado",
      "",
    ];
    const geralRow = [GERAL, "—", "Dedetização", "Geral/N/A", "01/03/2025 até 31/12/2025", "Ativo", "Vencida", ""];
    await expect.poll(() => tableRows(page, PROVIDERS)).toEqual([geralRow, jardinsRow]);
    const searchPrestadores = page.getByRole("searchbox", { name: "Buscar" });
    for (const text of ["jardins", "11444777", "JARDINAGEM"]) {
      await searchPrestadores.fill(text);
      await expect.poll(() => firstCells(page, PROVIDERS)).toEqual(["Jardins Verdes Ltda"]);
    }
    await searchPrestadores.fill("");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual([GERAL, "Jardins Verdes Ltda"]);
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["Todos", "Geral (Sem Vínculo)", GRANDE, "Residencial Ipê Amarelo"]);
    await page.getByRole("option", { name: "Geral (Sem Vínculo)" }).click();
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual([GERAL]);
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual(["Jardins Verdes Ltda"]);
    await choose(page, "Status", "Inativo");
    await page.getByText("Nenhum prestador encontrado").waitFor();
    await choose(page, "Status", "Ativo");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual(["Jardins Verdes Ltda"]);
    await page.getByRole("combobox", { name: "Situação" }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["Todas", "Vigente", "Vencida", "A iniciar", "Indeterminado"]);
    await page.getByRole("option", { name: "Vencida" }).click();
    await page.getByText("Nenhum prestador encontrado").waitFor();
    await choose(page, "Condomínio", "Todos");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual([GERAL]);
    await choose(page, "Situação", "Indeterminado");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual(["Jardins Verdes Ltda"]);
    await choose(page, "Situação", "Todas");
    await expect.poll(() => firstCells(page, PROVIDERS)).toEqual([GERAL, "Jardins Verdes Ltda"]);

    // Editing sets an end: the period reads 'até' the end date.
    await page.getByRole("link", { name: "Editar Jardins Verdes Ltda" }).click();
    await page.waitForURL(/\/portaria-web\/prestadores\/editar\/[0-9a-f-]{36}$/);
    const inicio = page.getByLabel("Início da autorização");
    await expect.poll(() => inicio.inputValue()).toBe("01/02/2025");
    // The situation today, read-only, follows the dates as they are edited.
    const situacao = page.getByTestId("situacao-autorizacao");
    expect(await situacao.textContent()).toBe("Situação da autorização hoje: Indeterminado");
    await page.getByLabel("Fim da autorização").fill("31/12/2025");
    await expect.poll(() => situacao.textContent()).toBe("Situação da autorização hoje: Vencida");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/prestadores`);
    await expect.poll(() => toastText(page)).toContain("Prestador atualizado!");
    await expect
      .poll(async () => (await tableRows(page, PROVIDERS)).find((cells) => cells[0] === "Jardins Verdes Ltda")?.slice(4, 7))
      .toEqual(["01/02/2025 até 31/12/2025", "Ativo", "Vencida"]);

    // --- The painel counts the new records, for everyone and for the new condominium alone.
    await goToPainel(page);
    await expect.poll(() => stats(page)).toEqual({ moradores: "1", unidades: "61", veiculos: "1", prestadores: "2", taxa: "1,6%" });
    expect(await page.getByTestId("stat-taxa_ocupacao-detalhe").textContent()).toBe("1 de 61 unidades ocupadas");
    await choose(page, "Condomínio", "Residencial Ipê Amarelo");
    await expect.poll(() => stats(page)).toEqual({ moradores: "1", unidades: "1", veiculos: "1", prestadores: "1", taxa: "100,0%" });
    expect(await page.getByTestId("stat-taxa_ocupacao-detalhe").textContent()).toBe("1 de 1 unidade ocupada");

    // --- Deleting the unit while it has a resident is refused with the §8 message.
    const db = portal.database.db;
    const [condominio] = await db.select().from(condominios).where(eq(condominios.nome, "Residencial Ipê Amarelo"));
    const [unidade] = await db.select().from(unidades).where(eq(unidades.condominio_id, condominio!.id));
    expect(unidadePath).toBe(`/portaria-web/unidades/editar/${unidade!.id}`);
    await page.goto(`${portal.url}${unidadePath}`);
    await page.getByTestId("moradores-section").getByRole("article", { name: "Joana Prado" }).waitFor();
    await page.getByRole("button", { name: "Excluir Unidade" }).click();
    const confirmUnidade = page.getByRole("alertdialog", { name: "Excluir unidade" });
    await confirmUnidade.waitFor();
    expect(await confirmUnidade.textContent()).toContain(
      "Tem certeza que deseja excluir a unidade Bloco A - 101 do condomínio Residencial Ipê Amarelo? Esta ação não pode ser desfeita.",
    );
    await confirmUnidade.getByRole("button", { name: "Excluir", exact: true }).click();
    await expectDeleteRefused(page, "Não é possível excluir a unidade pois existem moradores ou outros registros associados.");
    await confirmUnidade.waitFor({ state: "detached" });
    expect(path(page)).toBe(unidadePath);
    expect(await page.getByRole("article", { name: "Joana Prado" }).isVisible()).toBe(true);

    // --- ... and the condominium while it has a unit.
    await page.goto(`${portal.url}/portaria-web/condominios`);
    await page
      .getByRole("list", { name: "Condomínios cadastrados" })
      .getByRole("listitem")
      .filter({ hasText: "Residencial Ipê Amarelo" })
      .getByRole("link", { name: "Detalhes / Editar" })
      .click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios/editar/${condominio!.id}`);
    await h1(page).filter({ hasText: "Editar Condomínio" }).waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Nome", exact: true }).inputValue()).toBe("Residencial Ipê Amarelo");
    await page.getByRole("button", { name: "Excluir", exact: true }).click();
    const confirmCondominio = page.getByRole("alertdialog", { name: "Excluir condomínio" });
    await confirmCondominio.waitFor();
    expect(await confirmCondominio.textContent()).toContain(
      "Tem certeza que deseja excluir o condomínio Residencial Ipê Amarelo? Esta ação não pode ser desfeita e pode afetar unidades e moradores associados.",
    );
    await confirmCondominio.getByRole("button", { name: "Excluir", exact: true }).click();
    await expectDeleteRefused(page, "Não é possível excluir o condomínio pois existem unidades ou outros registros associados.");
    await confirmCondominio.waitFor({ state: "detached" });
    expect(path(page)).toBe(`/portaria-web/condominios/editar/${condominio!.id}`);

    // Nothing was deleted.
    const [veiculo] = await db.select().from(veiculos).where(eq(veiculos.placa, "BRA2E19"));
    expect(veiculo).toMatchObject({ morador_id: moradorRow!.id, unidade_id: unidade!.id, marca: "Fiat", modelo: "Argo", cor: "Prata" });
    expect(await db.select().from(condominios).where(eq(condominios.id, condominio!.id))).toHaveLength(1);
    expect(await db.select().from(unidades).where(eq(unidades.id, unidade!.id))).toHaveLength(1);
    expect(await db.select().from(moradores).where(eq(moradores.id, moradorRow!.id))).toHaveLength(1);

    // --- Deleting the resident, after a confirmation that names the car, takes the car too.
    await page.goto(`${portal.url}${unidadePath}`);
    const joanaAgain = page.getByTestId("moradores-section").getByRole("article", { name: "Joana Prado" });
    await joanaAgain.waitFor();
    await joanaAgain.getByRole("button", { name: "Excluir morador Joana Prado" }).click();
    const confirmMorador = page.getByRole("alertdialog", { name: "Excluir morador" });
    await confirmMorador.waitFor();
    expect(await confirmMorador.textContent()).toContain("Excluir o morador Joana Prado? O veículo cadastrado para ele também será excluído: BRA2E19.");
    await confirmMorador.getByRole("button", { name: "Excluir", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain("Morador excluído");
    await joanaAgain.waitFor({ state: "detached" });
    await page.getByTestId("moradores-section").getByText("Nenhum morador cadastrado nesta unidade.").waitFor();
    expect(await page.getByText("BRA2E19").count()).toBe(0);

    await sidebar(page).getByRole("link", { name: "Veículos", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/veiculos`);
    await page.getByText("Nenhum veículo encontrado").waitFor();
    expect(await db.select().from(moradores).where(eq(moradores.id, moradorRow!.id))).toEqual([]);
    expect(await db.select().from(veiculos).where(eq(veiculos.placa, "BRA2E19"))).toEqual([]);
    // The unit and the condominium stay.
    expect(await db.select().from(unidades).where(eq(unidades.id, unidade!.id))).toHaveLength(1);
    expect(await db.select().from(condominios).where(eq(condominios.id, condominio!.id))).toHaveLength(1);

    await goToPainel(page);
    await expect.poll(() => stats(page)).toEqual({ moradores: "0", unidades: "61", veiculos: "0", prestadores: "2", taxa: "0,0%" });
    await context.close();
  });
});

/** The §8 refusal: a destructive toast titled 'Erro ao excluir' with the exact message. */
async function expectDeleteRefused(page: Page, message: string) {
  const toast = toastLocator(page);
  await toast.getByText(message, { exact: true }).waitFor();
  expect(await toast.getByText("Erro ao excluir", { exact: true }).isVisible()).toBe(true);
  expect(await toast.getAttribute("data-variant")).toBe("destructive");
}

describe("the unit list", () => {
  it("shows 50 of a condominium's 60 units, then all 60 once scrolled to the bottom, in block and number order", async () => {
    const { page, context } = await browser.newPage();
    await context.addCookies(adminCookies);
    await page.goto(`${portal.url}/portaria-web/unidades`);
    await h1(page).filter({ hasText: "Gerenciar Unidades" }).waitFor();
    await choose(page, "Condomínio", GRANDE);
    const shown = page.getByText(/^Mostrando \d+ de \d+$/);
    await expect.poll(() => shown.textContent()).toBe("Mostrando 50 de 60");
    const numbers = () => page.getByRole("table", { name: "Unidades cadastradas" }).locator("tbody tr td:nth-child(3)").allTextContents();
    await expect.poll(async () => (await numbers()).length).toBe(50);
    // Natural order: 1, 2, … 50 (not 1, 10, 11, …).
    expect(await numbers()).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)));

    // Scrolling to the end of the list loads the rest.
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.textContent()).toBe("Mostrando 60 de 60");
    await expect.poll(numbers).toEqual(Array.from({ length: 60 }, (_, i) => String(i + 1)));
    expect(await page.getByRole("button", { name: "Carregar mais" }).count()).toBe(0);
    await context.close();
  });
});
