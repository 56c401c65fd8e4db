import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { condominios, moradores, unidades, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The residents list (issue 14): a síndico of one condominium finds a resident by CPF and opens
// the unit; residents of other condominiums never show.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { aurora: "", a101: "", b202: "" };

const SINDICA = { email: "helena.sindica@teste.local", password: "senha-da-helena-1", nome: "Helena Síndica" };
const PORTEIRO = { email: "pedro.porteiro@teste.local", password: "senha-do-pedro-1", nome: "Pedro Porteiro" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  const [a101, b202, bosque1] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: aurora!.id, bloco: "B", numero_unidade: "202" },
      { condominio_id: bosque!.id, bloco: "A", numero_unidade: "101" },
    ])
    .returning();
  await db.insert(moradores).values([
    { unidade_id: a101!.id, nome_completo: "Ana Souza", tipo_morador: "proprietario", cpf: "52998224725", telefone_celular: "11987654321" },
    { unidade_id: b202!.id, nome_completo: "Bruno Lima", tipo_morador: "inquilino", cpf: "11144477735", ativo: false },
    { unidade_id: bosque1!.id, nome_completo: "Carlos do Bosque", tipo_morador: "proprietario", cpf: "93541134780" },
  ]);
  Object.assign(ids, { aurora: aurora!.id, a101: a101!.id, b202: b202!.id });
  await createPortariaUser(portal, {
    ...SINDICA,
    grupo: { nome: "Síndicos", permissions: ["gerenciar_moradores_unidade", "visualizar_unidades"] },
    condominioIds: [aurora!.id],
  });
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Porteiros", permissions: ["visualizar_unidades"] }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Portaria Web" });
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

describe("the residents list", () => {
  it("opens from the sidebar, finds a resident by CPF and opens their unit", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    await sidebar(page).getByRole("link", { name: "Moradores", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web/moradores`);
    await h1(page).filter({ hasText: "Moradores" }).waitFor();
    const table = page.getByRole("table", { name: "Moradores cadastrados" });
    const anaRow = table.getByRole("row").filter({ hasText: "Ana Souza" });
    await anaRow.waitFor();
    expect(await anaRow.getByRole("cell").allTextContents()).toEqual([
      "Ana Souza",
      "529.982.247-25",
      "(11) 98765-4321",
      "Bloco A - 101",
      "Residencial Aurora",
      "Ativo",
    ]);
    // Only the residents of the condominium she serves.
    expect(await table.getByRole("row").count()).toBe(3);
    expect(await page.getByText("Carlos do Bosque").count()).toBe(0);
    await expectNoA11yViolations(page);

    await page.getByRole("searchbox", { name: "Buscar" }).fill("111.444.777-35");
    const brunoRow = table.getByRole("row").filter({ hasText: "Bruno Lima" });
    await brunoRow.waitFor();
    await anaRow.waitFor({ state: "detached" });
    expect(await brunoRow.textContent()).toContain("Inativo");

    await brunoRow.getByRole("link", { name: "Bruno Lima" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/unidades/editar/${ids.b202}`);
    await page.getByTestId("moradores-section").getByText("Bruno Lima").waitFor();
    await context.close();
  });

  it("says when nothing matches, and offers to clear the filters", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/moradores`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("Carlos do Bosque");
    await page.getByText("Nenhum morador encontrado").waitFor();
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await page.getByRole("row").filter({ hasText: "Ana Souza" }).waitFor();
    await context.close();
  });

  it("is closed, with the 'Acesso Negado' card, to who does not manage residents", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await sidebar(page).getByRole("link").first().waitFor();
    expect(await sidebar(page).getByRole("link", { name: "Moradores" }).count()).toBe(0);
    await page.goto(`${portal.url}/portaria-web/moradores`);
    const card = page.getByRole("alert").filter({ hasText: "Acesso Negado" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Você não tem permissão para gerenciar moradores.");
    expect(await page.getByRole("table").count()).toBe(0);
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe("a resident's vehicles, for who manages residents but may not see vehicles", () => {
  it("shows how many there are instead of 'Nenhum veículo cadastrado.', and deleting the resident says they go too", async () => {
    const db = portal.database.db;
    const [c303] = await db.insert(unidades).values({ condominio_id: ids.aurora, bloco: "C", numero_unidade: "303" }).returning();
    const [diego, elisa] = await db
      .insert(moradores)
      .values([
        { unidade_id: c303!.id, nome_completo: "Diego Garagem", tipo_morador: "proprietario" },
        { unidade_id: c303!.id, nome_completo: "Elisa a Pé", tipo_morador: "inquilino" },
      ])
      .returning();
    await db.insert(veiculos).values([
      { unidade_id: c303!.id, morador_id: diego!.id, placa: "DIE1G00", tipo_veiculo: "carro" },
      { unidade_id: c303!.id, morador_id: diego!.id, placa: "DIE2G00", tipo_veiculo: "moto", ativo: false },
    ]);

    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/unidades/editar/${c303!.id}`);
    const section = page.getByTestId("moradores-section");
    const diegoCard = section.getByRole("article", { name: "Diego Garagem" });
    await diegoCard.getByText("2 veículos cadastrados, que você não tem permissão para ver.").waitFor();
    expect(await diegoCard.getByText("Nenhum veículo cadastrado.").count()).toBe(0);
    // The one without a vehicle is told so.
    expect(await section.getByRole("article", { name: "Elisa a Pé" }).getByText("Nenhum veículo cadastrado.").isVisible()).toBe(true);
    expect(await page.getByText(/DIE\d/).count()).toBe(0);
    expect(await section.getByRole("button", { name: /Adicionar veículo/ }).count()).toBe(0);
    await expectNoA11yViolations(page);

    await diegoCard.getByRole("button", { name: "Excluir morador Diego Garagem" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir morador" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Excluir o morador Diego Garagem? Os 2 veículos cadastrados para ele também serão excluídos.");
    expect(await confirm.textContent()).not.toContain("DIE");
    await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
    await diegoCard.waitFor({ state: "detached" });
    expect(await db.select().from(veiculos).where(eq(veiculos.morador_id, diego!.id))).toEqual([]);

    // A resident without vehicles: nothing else goes with them.
    await section.getByRole("button", { name: "Excluir morador Elisa a Pé" }).click();
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Excluir o morador Elisa a Pé? Esta ação não pode ser desfeita.");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    expect(await db.select().from(moradores).where(eq(moradores.id, elisa!.id))).toHaveLength(1);
    await context.close();
  });
});
