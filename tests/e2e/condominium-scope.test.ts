import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Condominium scope (gatehouse-spec §2) as a síndica of one condominium meets it: every list,
// filter and pick-list holds her condominium and nothing of the other; the other's records do
// not open; she cannot create condominiums nor give a larger scope.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { aurora: "", bosque: "", unidadeBosque: "" };

const SINDICA = { email: "helena.sindica@teste.local", password: "senha-da-helena-1", nome: "Helena Síndica" };
const PERMISSIONS = [
  "visualizar_condominios",
  "criar_condominios",
  "visualizar_unidades",
  "criar_unidades",
  "editar_unidades",
  "gerenciar_moradores_unidade",
  "visualizar_veiculos",
  "visualizar_prestadores_servico",
  "criar_prestadores_servico",
  "gerenciar_usuarios_portaria",
];

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  const [a101, b7] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101", tipo_unidade: "Apartamento" },
      { condominio_id: bosque!.id, numero_unidade: "7", tipo_unidade: "Casa" },
    ])
    .returning();
  const [ana, bia] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Aurora", tipo_morador: "proprietario" },
      { unidade_id: b7!.id, nome_completo: "Bia Bosque", tipo_morador: "proprietario" },
    ])
    .returning();
  await db.insert(veiculos).values([
    { morador_id: ana!.id, unidade_id: a101!.id, placa: "AUR1A11", tipo_veiculo: "carro" },
    { morador_id: bia!.id, unidade_id: b7!.id, placa: "BOS2B22", tipo_veiculo: "carro" },
  ]);
  await db.insert(prestadores).values([
    { nome_empresa_profissional: "Jardins da Aurora", tipo_servico: "Jardinagem", condominio_id: aurora!.id },
    { nome_empresa_profissional: "Piscinas do Bosque", tipo_servico: "Piscina", condominio_id: bosque!.id },
    { nome_empresa_profissional: "Elevadores Gerais", tipo_servico: "Elevadores" },
  ]);
  Object.assign(ids, { aurora: aurora!.id, bosque: bosque!.id, unidadeBosque: b7!.id });
  await createPortariaUser(portal, { ...SINDICA, grupo: { nome: "Síndicos", permissions: PERMISSIONS }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/** The options a Radix select offers, read by opening it (and closed again). */
async function selectOptions(page: Page, name: string) {
  const combobox = page.getByRole("combobox", { name, exact: true });
  await combobox.click();
  const listbox = page.getByRole("listbox");
  await listbox.waitFor();
  const options = await listbox.getByRole("option").allTextContents();
  await page.keyboard.press("Escape");
  await listbox.waitFor({ state: "detached" });
  return options;
}

describe("a síndica who serves only Residencial Aurora", () => {
  it("sees only it in every list, filter and pick-list", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    // Painel: the filter offers her condominium only; the counts are hers.
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();
    expect(await selectOptions(page, "Condomínio")).toEqual(["Todos os condomínios", "Residencial Aurora"]);

    // Condominiums: one card, and no 'Novo Condomínio' (creating one needs all-condominium access).
    await page.goto(`${portal.url}/portaria-web/condominios`);
    const cards = page.getByRole("list", { name: "Condomínios cadastrados" }).getByRole("listitem");
    await cards.first().waitFor();
    expect(await cards.allTextContents()).toEqual([expect.stringContaining("Residencial Aurora")]);
    expect(await page.getByRole("link", { name: "Novo Condomínio" }).count()).toBe(0);
    await page.goto(`${portal.url}/portaria-web/condominios/novo`);
    const denied = page.getByRole("alert").filter({ hasText: "Acesso Negado" });
    await denied.waitFor();
    expect(await denied.textContent()).toContain("Somente quem atende todos os condomínios pode cadastrar condomínios.");

    // Units: her unit only; the filter and the new unit's pick-list hold her condominium only.
    await page.goto(`${portal.url}/portaria-web/unidades`);
    const unitRows = page.getByRole("table", { name: "Unidades cadastradas" }).getByRole("row");
    await unitRows.filter({ hasText: "Residencial Aurora" }).waitFor();
    expect(await unitRows.count()).toBe(2); // header + A-101
    expect(await page.getByText("Condomínio Bosque").count()).toBe(0);
    expect(await selectOptions(page, "Condomínio")).toEqual(["Todos os condomínios", "Residencial Aurora"]);
    await page.goto(`${portal.url}/portaria-web/unidades/novo`);
    await h1(page).filter({ hasText: "Nova Unidade" }).waitFor();
    expect(await selectOptions(page, "Condomínio")).toEqual(["Residencial Aurora"]);

    // The other condominium's unit does not open: as if it did not exist.
    await page.goto(`${portal.url}/portaria-web/unidades/editar/${ids.unidadeBosque}`);
    await toastLocator(page).filter({ hasText: "Unidade não encontrada" }).first().waitFor();
    await page.waitForURL(`${portal.url}/portaria-web/unidades`);

    // Vehicles: her resident's car only.
    await page.goto(`${portal.url}/portaria-web/veiculos`);
    const carRows = page.getByRole("table", { name: "Veículos cadastrados" }).getByRole("row");
    await carRows.filter({ hasText: "AUR1A11" }).waitFor();
    expect(await carRows.count()).toBe(2);
    expect(await page.getByText("BOS2B22").count()).toBe(0);
    expect(await selectOptions(page, "Condomínio")).toEqual(["Todos os condomínios", "Residencial Aurora"]);

    // Providers: hers and the general one; the new provider starts in her condominium, without 'Geral'.
    await page.goto(`${portal.url}/portaria-web/prestadores`);
    const providerRows = page.getByRole("row");
    await providerRows.filter({ hasText: "Jardins da Aurora" }).waitFor();
    await providerRows.filter({ hasText: "Elevadores Gerais" }).waitFor();
    expect(await page.getByText("Piscinas do Bosque").count()).toBe(0);
    expect(await selectOptions(page, "Condomínio")).toEqual(["Todos", "Geral (Sem Vínculo)", "Residencial Aurora"]);
    await page.goto(`${portal.url}/portaria-web/prestadores/novo`);
    await h1(page).waitFor();
    await expect.poll(() => page.getByRole("combobox", { name: "Condomínio", exact: true }).textContent()).toBe("Residencial Aurora");
    expect(await selectOptions(page, "Condomínio")).toEqual(["Residencial Aurora"]);

    // Users: the 'Condomínios' field offers hers, already ticked; 'Todos os condomínios' is not hers to give.
    await page.goto(`${portal.url}/portaria-web/admin/usuarios/novo`);
    await h1(page).filter({ hasText: "Novo Usuário" }).waitFor();
    const field = page.getByRole("group", { name: "Condomínios" });
    await field.waitFor();
    expect(await field.getByRole("switch", { name: "Todos os condomínios" }).isDisabled()).toBe(true);
    expect(await field.getByText("Somente quem atende todos os condomínios pode dar acesso a todos.").isVisible()).toBe(true);
    expect(await field.getByRole("checkbox").count()).toBe(1);
    expect(await field.getByRole("checkbox", { name: "Residencial Aurora" }).getAttribute("aria-checked")).toBe("true");
    await expectNoA11yViolations(page);
    await context.close();
  });
});
