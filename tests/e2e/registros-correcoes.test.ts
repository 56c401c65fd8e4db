import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, unidades } from "../../src/server/db/schema";
import { earlierToday } from "../../src/server/testing/clock";
import { importarRegistros, registro } from "../../src/server/testing/registros";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Registros as a tired porteiro and a síndica meet them (issue 26): totals above the count limit
// and numbers read pt-BR, who let a refused person in shows in the row, a record is corrected and
// the correction sits next to it, a refused record reads on a phone, and Registros and Bloqueios
// fit a tablet with every action in reach.
let portal: RunningPortal;
let browser: BrowserHandle;
const PORTEIRA = { email: "paula.registros@teste.local", password: "senha-da-paula-1", nome: "Paula Porteira" };
const MOTIVO_LONGO = "Autorização expirada em 01/11/2026. Prestador fora do período autorizado (01/01/2026 até 31/10/2026).";
let aurora = "";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [a, grande] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Grande" }])
    .returning();
  aurora = a!.id;
  const [a102] = await db.insert(unidades).values({ condominio_id: aurora, bloco: "A", numero_unidade: "102" }).returning();
  await importarRegistros(db, [
    registro(aurora, { nome_pessoa: "Carlos Placa Errada", unidade_id: a102!.id, placa: "AUR1A11", registrado_em: earlierToday(240_000) }),
    registro(aurora, {
      nome_pessoa: "Diego Liberado",
      tipo_pessoa: "prestador",
      motivo: "Cadastro inativo.",
      liberado_manualmente: true,
      autorizado_por: "Síndica Lúcia",
      registrado_em: earlierToday(180_000),
    }),
    registro(aurora, {
      nome_pessoa: "Ernesto Recusado",
      resultado: "negado",
      motivo: MOTIVO_LONGO,
      metodo: "codigo",
      registrado_em: earlierToday(120_000),
    }),
  ]);
  // More than the count limit (10,000) today, in one statement (the chaining trigger numbers each).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    await tx.execute(sql`insert into portaria_web_registros_acesso (condominio_id, tipo_pessoa, nome_pessoa, sentido, resultado, metodo, registrado_em)
      select ${grande!.id}, 'visitante', 'Visitante ' || g, 'entrada', 'liberado', 'manual', ${earlierToday(3_600_000).toISOString()}::timestamptz - g * interval '1 microsecond'
      from generate_series(1, 10005) g`);
  });
  // More than a search window (20,000) today at another condominium, and one provider before them all.
  const [janela] = await db.insert(condominios).values({ nome: "Condomínio Janela" }).returning();
  await importarRegistros(db, [registro(janela!.id, { nome_pessoa: "Prestador Antigo", tipo_pessoa: "prestador", registrado_em: earlierToday(3_000_000) })]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    await tx.execute(sql`insert into portaria_web_registros_acesso (condominio_id, tipo_pessoa, nome_pessoa, sentido, resultado, metodo, registrado_em)
      select ${janela!.id}, 'visitante', 'Visitante ' || g, 'entrada', 'liberado', 'manual', ${earlierToday(2_400_000).toISOString()}::timestamptz - g * interval '1 microsecond'
      from generate_series(1, 20010) g`);
  });
  await createPortariaUser(portal, {
    ...PORTEIRA,
    grupo: { nome: "Portaria e registros", permissions: ["visualizar_registros_acesso", "registrar_acesso_visitante", "gerenciar_bloqueios_acesso"] },
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function abrirRegistros(page: Page) {
  await login(page, portal.url, PORTEIRA.email, PORTEIRA.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/portaria-web/registros`);
  await page.getByRole("heading", { level: 1, name: "Registros de Acesso" }).waitFor();
}

async function soAurora(page: Page) {
  await page.getByRole("combobox", { name: "Condomínio", exact: true }).click();
  await page.getByRole("option", { name: "Residencial Aurora", exact: true }).click();
  // Three records of today, four once one is corrected.
  await page.getByText(/^Mostrando (\d) de \1$/).waitFor();
}

/** Whether the element lies wholly inside the viewport's width. */
async function withinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("Registros (issue 26)", () => {
  it("reads 'mais de 10.000' above the count limit, shows who let a refused person in, and corrects a record next to it", async () => {
    const { page, context } = await browser.newPage();
    await abrirRegistros(page);
    // Today, every condominium: more than the count limit, in pt-BR.
    await page.getByText("Mostrando 50 de mais de 10.000").waitFor();
    await page.getByText("Mais de 10.000 registros: refine os filtros.").waitFor();
    expect(await page.getByText(/10000/).count()).toBe(0);

    await soAurora(page);
    const table = page.getByRole("table", { name: "Registros de acesso" });
    const row = (name: string) => table.getByRole("row").filter({ hasText: name });
    // 'Liberar mesmo assim': who authorised it, in the row.
    expect(await row("Diego Liberado").textContent()).toContain("Liberado manualmente");
    expect(await row("Diego Liberado").textContent()).toContain("Autorizado por: Síndica Lúcia");

    // 'Corrigir registro': both texts are required.
    await row("Carlos Placa Errada")
      .getByRole("button", { name: /^Corrigir registro de Carlos Placa Errada/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Corrigir registro" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Registrar correção" }).click();
    await dialog.getByText("Diga o que estava errado no registro.").first().waitFor();
    await dialog.getByRole("textbox", { name: "O que estava errado" }).fill("Placa AUR1A11.");
    await dialog.getByRole("textbox", { name: "O que está certo" }).fill("A placa era AUR1A12.");
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Registrar correção" }).click();
    await toastLocator(page).filter({ hasText: "Correção registrada" }).waitFor();
    await dialog.waitFor({ state: "detached" });

    // Next to the original: who corrected it, what was wrong and what is right.
    const original = row("Carlos Placa Errada").filter({ has: page.getByTestId("correcoes") });
    await original.waitFor();
    const text = await original.getByTestId("correcoes").textContent();
    expect(text).toMatch(/Corrigido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} por Paula Porteira/);
    expect(text).toContain("Estava errado: Placa AUR1A11.");
    expect(text).toContain("Correto: A placa era AUR1A12.");
    // The correction itself is a new record, newest first, saying which record it corrects.
    const first = table.getByRole("row").nth(1);
    expect(await first.getByTestId("correcao").textContent()).toMatch(/Correção do registro de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Carlos Placa Errada\)/);
    expect(await first.getByRole("button", { name: /^Corrigir/ }).count()).toBe(0);
    await page.getByText("Mostrando 4 de 4").waitFor();

    // Chained: 'Verificar integridade' counts it.
    await page.getByRole("button", { name: "Verificar integridade" }).click();
    await page.getByTestId("resultado-integridade").filter({ hasText: "Registros íntegros: 4 verificados." }).waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("says where a filter no index carries stopped, and goes on only when asked", async () => {
    const { page, context } = await browser.newPage();
    await abrirRegistros(page);
    await page.getByRole("combobox", { name: "Condomínio", exact: true }).click();
    await page.getByRole("option", { name: "Condomínio Janela", exact: true }).click();
    await page.getByRole("combobox", { name: "Tipo de pessoa", exact: true }).click();
    await page.getByRole("option", { name: "Prestador", exact: true }).click();
    const aviso = page.getByRole("status").filter({ hasText: "Foram examinados 20.000 registros do período, até" });
    await aviso.waitFor();
    expect(await aviso.textContent()).toContain("sem completar a página. Refine os filtros ou o período, ou continue a busca.");
    // Nothing more is read by itself: the provider is older than the window.
    await page.waitForTimeout(500);
    expect(await page.getByText("Prestador Antigo").count()).toBe(0);
    await page.getByText("Mostrando 0 registros encontrados até aqui").waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Continuar a busca" }).click();
    await page.getByText("Prestador Antigo").first().waitFor();
    await aviso.waitFor({ state: "detached" });
    // Now every match of the period has been read: the count is exact.
    await page.getByText("Mostrando 1 de 1", { exact: true }).waitFor();
    expect(await page.getByText("refine os filtros", { exact: false }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continuar a busca" }).count()).toBe(0);
    await context.close();
  });

  it("on a phone, a refused record's card reads whole: the reason wraps and who authorised shows", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await abrirRegistros(page);
    await soAurora(page);
    const cards = page.getByRole("list", { name: "Registros de acesso" });
    const recusado = cards.getByRole("listitem").filter({ hasText: "Ernesto Recusado" });
    await recusado.scrollIntoViewIfNeeded();
    const motivo = recusado.getByText(MOTIVO_LONGO, { exact: true });
    expect(await withinWidth(page, motivo)).toBe(true);
    expect(await withinWidth(page, recusado.getByText("Negado", { exact: true }))).toBe(true);
    const liberado = cards.getByRole("listitem").filter({ hasText: "Diego Liberado" });
    expect(await liberado.getByText("Síndica Lúcia", { exact: true }).isVisible()).toBe(true);
    expect(await withinWidth(page, liberado.getByRole("button", { name: /^Corrigir registro de Diego Liberado/ }))).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("at 768 px, Registros and Bloqueios fit the screen with every filter and action in reach", async () => {
    const { page, context } = await browser.newPage();
    await page.setViewportSize({ width: 768, height: 1024 });
    await abrirRegistros(page);
    await soAurora(page);
    for (const control of [
      page.getByRole("searchbox"),
      page.getByRole("combobox", { name: "Condomínio", exact: true }),
      page.getByLabel("De", { exact: true }),
      page.getByLabel("Até", { exact: true }),
      page.getByRole("combobox", { name: "Tipo de pessoa", exact: true }),
      page.getByRole("combobox", { name: "Sentido", exact: true }),
      page.getByRole("combobox", { name: "Resultado", exact: true }),
      page.getByRole("button", { name: "Exportar CSV" }),
      page.getByRole("button", { name: "Verificar integridade" }),
    ]) {
      expect(await withinWidth(page, control), String(control)).toBe(true);
    }
    const card = page.getByRole("list", { name: "Registros de acesso" }).getByRole("listitem").filter({ hasText: "Ernesto Recusado" });
    const corrigir = card.getByRole("button", { name: /^Corrigir registro de Ernesto Recusado/ });
    await corrigir.scrollIntoViewIfNeeded();
    expect(await withinWidth(page, corrigir)).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);

    // Bloqueios: 'Novo Bloqueio', the filters and a block's 'Remover'.
    await page.goto(`${portal.url}/portaria-web/bloqueios`);
    await page.getByRole("heading", { level: 1, name: "Bloqueios" }).waitFor();
    await page.getByRole("button", { name: "Novo Bloqueio" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Bloqueio" });
    await dialog.getByRole("combobox", { name: "Tipo", exact: true }).click();
    await page.getByRole("option", { name: "Veículo", exact: true }).click();
    await dialog.getByRole("combobox", { name: "Condomínio", exact: true }).click();
    await page.getByRole("option", { name: "Residencial Aurora", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Placa" }).pressSequentially("abc1234");
    await dialog.getByRole("textbox", { name: "Motivo" }).fill("Ameaçou o porteiro com um texto bem longo que precisa quebrar a linha no tablet.");
    await dialog.getByRole("button", { name: "Criar Bloqueio" }).click();
    await toastLocator(page).filter({ hasText: "Bloqueio criado" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    const remover = page.getByRole("button", { name: "Remover bloqueio de ABC-1234" });
    await remover.waitFor();
    await remover.scrollIntoViewIfNeeded();
    expect(await withinWidth(page, remover)).toBe(true);
    expect(await withinWidth(page, page.getByRole("button", { name: "Novo Bloqueio" }))).toBe(true);
    for (const filter of await page.getByRole("combobox").all()) expect(await withinWidth(page, filter)).toBe(true);
    expect(await withinWidth(page, page.getByRole("searchbox"))).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await context.close();
  });
});
