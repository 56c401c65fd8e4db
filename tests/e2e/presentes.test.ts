import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, presencas, registrosAcesso, unidades } from "../../src/server/db/schema";
import { dateInSaoPaulo, formatDateTime, formatTime, today } from "@shared/time";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// 'Quem está no condomínio' (gatehouse-spec §3, §10) as a porteiro reads it at 3 a.m., on a
// desktop, a tablet (768 px) and a phone (390 px): the visitors, providers and delivery people
// inside, newest first, searched and filtered; residents apart and never 'Saída não registrada';
// the hours before that flag set per condominium in its form; 'desde' with the date when it was
// not today; and 'Registrar saída' on screen however long the name.
let portal: RunningPortal;
let browser: BrowserHandle;
let horizonte = "";
let a101 = "";
const PORTEIRO = { email: "rita.porteira@teste.local", password: "senha-da-rita-1", nome: "Rita Porteira" };
const HOUR = 3_600_000;
/** A name of 120 characters, with no space to break at for its first 60. */
const NOME_LONGO = `${"Maximiliano".repeat(5)}ZZZZZ de Albuquerque Cavalcanti Wanderley Bragança e Orleans Sobrinho da Silva Santos Xavier`.slice(0, 120);

/** Someone inside since `horasAtras` hours ago, as the gate keeps them (a record and its presence). */
async function dentro(
  nome: string,
  tipo: "visitante" | "prestador" | "entregador" | "morador",
  horasAtras: number,
  extra: { documento?: string; placa?: string; moradorId?: string } = {},
) {
  const db = portal.database.db;
  const entrou_em = new Date(Date.now() - horasAtras * HOUR);
  const [registro] = await db
    .insert(registrosAcesso)
    .values({
      condominio_id: horizonte,
      unidade_id: tipo === "prestador" ? null : a101,
      tipo_pessoa: tipo,
      morador_id: extra.moradorId ?? null,
      nome_pessoa: nome,
      documento: extra.documento ?? null,
      placa: extra.placa ?? null,
      sentido: "entrada",
      resultado: "liberado",
      metodo: "manual",
    })
    .returning();
  await db.insert(presencas).values({
    condominio_id: horizonte,
    // The gate's own key for a resident (the console's search finds them inside by it).
    pessoa_chave: extra.moradorId ? `morador:${extra.moradorId}` : `${tipo}:${nome}`,
    tipo_pessoa: tipo,
    morador_id: extra.moradorId ?? null,
    nome_pessoa: nome,
    documento: extra.documento ?? null,
    placa: extra.placa ?? null,
    unidade_id: tipo === "prestador" ? null : a101,
    registro_entrada_id: registro!.id,
    entrou_em,
  });
  return entrou_em;
}

const entradas: Record<string, Date> = {};

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [c] = await db.insert(condominios).values({ nome: "Residencial Horizonte" }).returning();
  horizonte = c!.id;
  const [u] = await db.insert(unidades).values({ condominio_id: horizonte, bloco: "A", numero_unidade: "101" }).returning();
  a101 = u!.id;
  const [ana] = await db.insert(moradores).values({ unidade_id: a101, nome_completo: "Ana Moradora", tipo_morador: "proprietario" }).returning();
  await createPortariaUser(portal, {
    ...PORTEIRO,
    grupo: { nome: "Porteiros", permissions: ["registrar_acesso_visitante"] },
    condominioIds: [horizonte],
  });
  // Oldest first: the list must show them newest first.
  entradas.ana = await dentro("Ana Moradora", "morador", 30, { moradorId: ana!.id });
  entradas.entregador = await dentro("Entregador do Mercado", "entregador", 26, { placa: "BRA2E19" });
  entradas.vera = await dentro("Vera Visitante", "visitante", 3, { documento: "39053344705" });
  entradas.jardins = await dentro("Jardins Verdes", "prestador", 1);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const panel = (page: Page) => page.getByRole("region", { name: "Quem está no condomínio" });
const lista = (page: Page) => panel(page).getByRole("list", { name: "Quem está no condomínio" });
const pessoa = (page: Page, nome: string) => lista(page).getByRole("listitem").filter({ hasText: nome });

async function porteiraNoConsole(options: { mobile?: boolean; width?: number } = {}) {
  const { page, context } = await browser.newPage({ mobile: options.mobile });
  if (options.width) await page.setViewportSize({ width: options.width, height: 1024 });
  await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/portaria-web/controle-acesso`);
  await lista(page).or(panel(page).getByText("Ninguém no condomínio agora")).first().waitFor();
  return { page, context };
}

/**
 * The element is on screen without scrolling sideways (the page scrolled only up or down to it):
 * wholly inside the viewport's width, not clipped by a scrolling box (what is at its centre is
 * the element), and nothing of the page overflows sideways.
 */
async function expectOnScreen(page: Page, element: Locator) {
  await element.waitFor();
  await element.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  const seen = await element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      left: r.left,
      right: r.right,
      width: window.innerWidth,
      atCentre: hit !== null && (hit === el || el.contains(hit)),
      pageWidth: document.documentElement.scrollWidth,
    };
  });
  expect(seen.left, "left edge").toBeGreaterThanOrEqual(0);
  expect(seen.right, "right edge").toBeLessThanOrEqual(seen.width);
  expect(seen.atCentre, "not covered or clipped").toBe(true);
  expect(seen.pageWidth, "no sideways scroll").toBeLessThanOrEqual(seen.width);
}

describe("a porteira reading who is inside", () => {
  it("sees the visitors, providers and delivery people newest first, with 'desde' dated when not today, and residents apart, collapsed, never flagged", async () => {
    const { page, context } = await porteiraNoConsole();
    await expect.poll(() => lista(page).getByRole("listitem").allTextContents()).toHaveLength(3);
    const itens = await lista(page).getByRole("listitem").allTextContents();
    expect(itens.map((t) => /^(Jardins Verdes|Vera Visitante|Entregador do Mercado)/.exec(t)?.[1])).toEqual([
      "Jardins Verdes",
      "Vera Visitante",
      "Entregador do Mercado",
    ]);
    expect(await panel(page).getByText("3 pessoas").count()).toBe(1);
    // Today's entry reads its time; the one of yesterday (26 h ago) its date too. Vera came 3 h
    // ago: on a run before 03:00 that was yesterday, and she reads her date.
    const veraHoje = dateInSaoPaulo(entradas.vera!) === today();
    expect(await pessoa(page, "Vera Visitante").textContent()).toContain(`desde ${veraHoje ? formatTime(entradas.vera!) : formatDateTime(entradas.vera!)}`);
    expect(await pessoa(page, "Entregador do Mercado").textContent()).toContain(`desde ${formatDateTime(entradas.entregador!)}`);
    expect(await pessoa(page, "Entregador do Mercado").textContent()).toContain("BRA2E19");
    // 12 hours by default: the delivery man inside for 26 h is flagged, Vera (3 h) is not.
    await pessoa(page, "Entregador do Mercado").getByText("Saída não registrada").waitFor();
    expect(await pessoa(page, "Vera Visitante").getByText("Saída não registrada").count()).toBe(0);

    // The resident is not among them, but apart, collapsed; open, never flagged, with her exit.
    expect(await lista(page).getByText("Ana Moradora").count()).toBe(0);
    const moradores = panel(page).getByRole("list", { name: "Moradores no condomínio" });
    expect(await moradores.count()).toBe(0);
    await panel(page).getByText("Moradores no condomínio").click();
    const ana = moradores.getByRole("listitem").filter({ hasText: "Ana Moradora" });
    await ana.waitFor();
    expect(await ana.textContent()).toContain(`desde ${formatDateTime(entradas.ana!)}`);
    expect(await ana.getByText("Saída não registrada").count()).toBe(0);
    expect(await ana.getByRole("button", { name: "Registrar saída" }).count()).toBe(1);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("finds by name, document, plate and unit, and filters by kind of person", async () => {
    const { page, context } = await porteiraNoConsole();
    const procurar = panel(page).getByRole("searchbox", { name: "Procurar quem está no condomínio" });
    const nomes = async (expected: string[]) =>
      expect
        .poll(async () => (await lista(page).getByRole("listitem").allTextContents()).map((t) => expected.find((n) => t.startsWith(n)) ?? t))
        .toEqual(expected);

    await procurar.fill("vera");
    await nomes(["Vera Visitante"]);
    await procurar.fill("390.533.447-05");
    await nomes(["Vera Visitante"]);
    await procurar.fill("bra2e19");
    await nomes(["Entregador do Mercado"]);
    await procurar.fill("Bloco A - 101");
    await nomes(["Vera Visitante", "Entregador do Mercado"]);
    await procurar.fill("ninguém com este nome");
    await panel(page).getByText("Nenhum registro encontrado").waitFor();
    await procurar.fill("");
    await nomes(["Jardins Verdes", "Vera Visitante", "Entregador do Mercado"]);

    await panel(page).getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Prestadores" }).click();
    await nomes(["Jardins Verdes"]);
    await panel(page).getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Entregadores" }).click();
    await nomes(["Entregador do Mercado"]);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("flags 'Saída não registrada' after the hours set in the condominium's form, never a resident", async () => {
    const { page: admin, context: adminContext } = await browser.newPage();
    await login(admin, portal.url, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`${portal.url}/portaria-web`);
    await admin.goto(`${portal.url}/portaria-web/condominios/editar/${horizonte}`);
    const horas = admin.getByRole("spinbutton", { name: "Saída não registrada após (horas)" });
    await expect.poll(() => horas.inputValue()).toBe("12");
    await horas.fill("0");
    await admin.getByRole("button", { name: "Salvar alterações" }).click();
    await admin.getByText("Informe de 1 a 72 horas.").first().waitFor();
    await horas.fill("2");
    await admin.getByRole("button", { name: "Salvar alterações" }).click();
    await toastLocator(admin).filter({ hasText: "Condomínio atualizado!" }).waitFor();
    await adminContext.close();

    const { page, context } = await porteiraNoConsole();
    await pessoa(page, "Vera Visitante").getByText("Saída não registrada").waitFor();
    expect(await pessoa(page, "Jardins Verdes").getByText("Saída não registrada").count()).toBe(0);
    await panel(page).getByText("Moradores no condomínio").click();
    const ana = panel(page).getByRole("list", { name: "Moradores no condomínio" }).getByRole("listitem").filter({ hasText: "Ana Moradora" });
    await ana.waitFor();
    expect(await ana.getByText("Saída não registrada").count()).toBe(0);
    await context.close();
  });

  for (const tela of [
    { nome: "a phone (390 px)", mobile: true },
    { nome: "a tablet (768 px)", width: 768 },
    { nome: "a desktop (1280 px)", width: 1280 },
  ]) {
    it(`keeps 'Registrar saída' of a 120-character name on screen and working on ${tela.nome}`, async () => {
      expect(NOME_LONGO).toHaveLength(120);
      await dentro(NOME_LONGO, "visitante", 0);
      const { page, context } = await porteiraNoConsole(tela);
      const item = pessoa(page, NOME_LONGO.slice(0, 40));
      await item.waitFor();
      const sair = item.getByRole("button", { name: "Registrar saída" });
      await expectOnScreen(page, sair);
      await expectOnScreen(page, item);
      if (process.env.PRESENTES_SHOTS)
        await page.screenshot({ path: `${process.env.PRESENTES_SHOTS}/longo-${page.viewportSize()!.width}.png`, fullPage: true });
      await sair.click();
      await toastLocator(page).filter({ hasText: "Saída registrada" }).waitFor();
      await item.waitFor({ state: "detached" });
      await context.close();
    });
  }

  it("fits the console and the list on a tablet (768 px): no sideways scroll, every action on screen, axe-clean", async () => {
    const { page, context } = await porteiraNoConsole({ width: 768 });
    for (const name of ["Ler QR Code", "Visitante sem pré-autorização"]) await expectOnScreen(page, page.getByRole("button", { name }));
    await expectOnScreen(page, page.getByRole("searchbox", { name: "Buscar", exact: true }));
    // A search's results with their actions.
    await page.getByRole("searchbox", { name: "Buscar", exact: true }).fill("ana");
    const resultado = page
      .getByRole("list", { name: /Moradores/ })
      .getByRole("listitem")
      .filter({ hasText: "Ana Moradora" });
    await resultado.waitFor();
    // Inside since yesterday: the search result says since when, with the date.
    expect(await resultado.textContent()).toContain(`No condomínio desde ${formatDateTime(entradas.ana!)}`);
    for (const name of ["Registrar entrada", "Registrar saída"]) await expectOnScreen(page, resultado.getByRole("button", { name }));
    for (const item of await lista(page).getByRole("listitem").all()) await expectOnScreen(page, item.getByRole("button", { name: "Registrar saída" }));
    await expectOnScreen(page, panel(page).getByRole("combobox", { name: "Tipo" }));
    await expectNoA11yViolations(page);
    if (process.env.PRESENTES_SHOTS) await page.screenshot({ path: `${process.env.PRESENTES_SHOTS}/768.png`, fullPage: true });
    await context.close();
  });
});
