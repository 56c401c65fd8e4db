import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, unidades } from "../../src/server/db/schema";
import { importarRegistros, registro } from "../../src/server/testing/registros";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Registros (gatehouse-spec §5) as a síndica uses them: today's records of her condominium,
// narrowed by a filter, exported to a CSV she opens in Excel, and the chain verified.
let portal: RunningPortal;
let browser: BrowserHandle;
const SINDICA = { email: "regina.registros@teste.local", password: "senha-da-regina-1", nome: "Regina Registros" };
let aurora = "";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [a, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  aurora = a!.id;
  const [a101] = await db.insert(unidades).values({ condominio_id: aurora, bloco: "A", numero_unidade: "101" }).returning();
  const agora = Date.now();
  // Today (a few minutes ago), oldest first: the chain's order.
  await importarRegistros(db, [
    registro(aurora, { nome_pessoa: "Ana Moradora", tipo_pessoa: "morador", unidade_id: a101!.id, placa: "AUR1A11", registrado_em: new Date(agora - 180_000) }),
    registro(aurora, { nome_pessoa: "Bruno Entregador", tipo_pessoa: "entregador", sentido: "saida", registrado_em: new Date(agora - 120_000) }),
    registro(aurora, {
      nome_pessoa: "Carlos Recusado",
      resultado: "negado",
      motivo: "Autorização expirada em 01/11/2026.",
      metodo: "codigo",
      registrado_em: new Date(agora - 60_000),
    }),
    registro(bosque!.id, { nome_pessoa: "Pessoa do Bosque", registrado_em: new Date(agora - 30_000) }),
  ]);
  await createPortariaUser(portal, { ...SINDICA, grupo: { nome: "Síndicos", permissions: ["visualizar_registros_acesso"] }, condominioIds: [aurora] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const table = (page: Page) => page.getByRole("table", { name: "Registros de acesso" });
const bodyNames = async (page: Page) => (await table(page).getByRole("row").allTextContents()).slice(1);

describe("Registros", () => {
  it("lists today's records, narrows them, exports the CSV and verifies the chain", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/registros`);
    await page.getByRole("heading", { level: 1, name: "Registros de Acesso" }).waitFor();

    // Her condominium's records of today, newest first; nothing of the other one.
    await table(page).getByRole("row").filter({ hasText: "Ana Moradora" }).waitFor();
    const rows = await bodyNames(page);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("Carlos Recusado");
    expect(rows[0]).toContain("Negado");
    expect(rows[0]).toContain("Autorização expirada em 01/11/2026.");
    expect(rows[2]).toContain("Bloco A - 101");
    expect(rows[2]).toContain("AUR1A11");
    expect(await page.getByText("Pessoa do Bosque").count()).toBe(0);
    await expectNoA11yViolations(page);

    // A filter narrows them.
    await page.getByRole("combobox", { name: "Sentido", exact: true }).click();
    await page.getByRole("option", { name: "Saída", exact: true }).click();
    await expect.poll(() => bodyNames(page)).toEqual([expect.stringContaining("Bruno Entregador")]);

    // The export is exactly the filter on screen, a CSV for a Brazilian Excel.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^registros-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("Data e hora;Condomínio;Pessoa;Documento;Tipo;Unidade;Placa;Sentido;Resultado;Motivo;Método;Autorizado por;Operador;Correção");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Residencial Aurora;Bruno Entregador;.*;Entregador;;;Saída;Liberado;/),
      "",
    ]);
    await page.getByRole("status").filter({ hasText: "Exportação concluída: 1 registros" }).waitFor();

    // 'Verificar integridade' needs one condominium; then it walks the period.
    const verificar = page.getByRole("button", { name: "Verificar integridade" });
    expect(await verificar.isDisabled()).toBe(true);
    await page.getByRole("combobox", { name: "Condomínio", exact: true }).click();
    await page.getByRole("option", { name: "Residencial Aurora", exact: true }).click();
    await verificar.click();
    await page.getByTestId("resultado-integridade").filter({ hasText: "Registros íntegros: 3 verificados." }).waitFor();
    await expectNoA11yViolations(page);

    // Nothing matches: the empty state.
    await page.getByRole("searchbox").fill("ninguém com este nome");
    await page.getByText("Nenhum registro encontrado").waitFor();
    await context.close();
  });
});
