import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios } from "../../src/server/db/schema";
import { launchBrowser, login, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// Text fields holding markup come back exactly as typed, as text: shown in the lists, in the
// edit forms and in the dialogs, with no HTML interpreted and no script run. The browser runs
// with the CSP bypassed, so what is tested is the rendering itself, not the CSP catching it.
let portal: RunningPortal;
let browser: BrowserHandle;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const IMG = `<img src=x onerror="window.__xss=1">`;
const SCRIPT = `<script>window.__xss=1</script>`;
const SVG = `"'><svg onload=window.__xss=1>`;

const TEXT = {
  condominio: `${IMG} Condomínio Ação 🏢`,
  grupo: `${SCRIPT} Grupo Ênfase 🔐`,
  grupoDescricao: `${SVG} descrição com “aspas” & çedilha`,
  usuario: `${SVG}${IMG} Usuário Ñandú 😀`,
  bloco: `${SVG} Torre Ípsilon`,
  numero: `<b>1</b>🚪`,
  morador: `${SCRIPT} Moradora Lúcia 🌻`,
  marca: `${IMG} Fiat`,
  modelo: `<i>Argo</i> ç`,
  prestador: `${SVG} Jardinagem & Cia 🌳`,
  tipoServico: `${IMG} Poda`,
};

/** Watches for what an executed payload would do: set window.__xss or open a dialog. */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** No payload ran and none became an element: no handler attribute, no injected script or svg. */
async function expectNothingExecuted(page: Page) {
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    handlers: document.querySelectorAll("[onerror], [onload], img[src=x]").length,
    scripts: Array.from(document.scripts).filter((s) => s.text.includes("__xss")).length,
    tags: Array.from(document.querySelectorAll("b, i")).filter((el) => el.textContent === "1" || el.textContent === "Argo").length,
  }));
  expect(state).toEqual({ xss: undefined, handlers: 0, scripts: 0, tags: 0 });
}

async function expectShown(page: Page, texts: string[]) {
  const main = page.locator("main");
  for (const text of texts) await expect.poll(() => main.innerText(), { message: text }).toContain(text);
}

/** The values of the visible form fields (page or open dialog). */
const fieldValues = (page: Page) =>
  page.locator("main input, main textarea, [role=dialog] input, [role=dialog] textarea").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));

async function expectFields(page: Page, texts: string[]) {
  for (const text of texts) await expect.poll(() => fieldValues(page), { message: text }).toContain(text);
}

async function api(context: BrowserContext, path: string, data: object): Promise<{ id: string }> {
  const response = await context.request.post(`${portal.url}${path}`, { data, headers: { origin: portal.url } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

describe("stored text with markup, emoji and accents", () => {
  it("is shown back exactly in lists, forms and dialogs, and never runs", async () => {
    const { page, context } = await browser.newPage({ bypassCSP: true });
    const dialogs = watchDialogs(page);
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    const h1 = page.getByRole("heading", { level: 1 });

    // A condominium typed into its form.
    await page.goto(`${portal.url}/portaria-web/condominios/novo`);
    await h1.filter({ hasText: "Novo Condomínio" }).waitFor();
    await page.getByRole("textbox", { name: "Nome", exact: true }).fill(TEXT.condominio);
    await page.getByRole("button", { name: "Criar condomínio" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios`);
    const [condominio] = await portal.database.db.select().from(condominios).where(eq(condominios.nome, TEXT.condominio));
    expect(condominio?.nome).toBe(TEXT.condominio);

    // The rest through the API.
    const grupo = await api(context, "/api/grupos", { nome_grupo: TEXT.grupo, descricao: TEXT.grupoDescricao });
    const usuario = await api(context, "/api/usuarios", {
      nome_completo: TEXT.usuario,
      email: "usuario.marcado@teste.local",
      senha: "Lx9#quatro-Cavalos-azuis",
      grupo_ids: [grupo.id],
    });
    const unidade = await api(context, "/api/unidades", { condominio_id: condominio!.id, numero_unidade: TEXT.numero, bloco: TEXT.bloco });
    const morador = await api(context, `/api/unidades/${unidade.id}/moradores`, { nome_completo: TEXT.morador, tipo_morador: "inquilino" });
    await api(context, `/api/moradores/${morador.id}/veiculos`, { placa: "BRA2E19", tipo_veiculo: "carro", marca: TEXT.marca, modelo: TEXT.modelo });
    const prestador = await api(context, "/api/prestadores", {
      nome_empresa_profissional: TEXT.prestador,
      tipo_servico: TEXT.tipoServico,
      condominio_id: condominio!.id,
    });

    const visit = async (path: string, heading: string) => {
      await page.goto(`${portal.url}${path}`);
      await h1.filter({ hasText: heading }).waitFor();
      await page.waitForLoadState("networkidle");
    };

    await visit("/portaria-web/condominios", "Condomínios");
    await expectShown(page, [TEXT.condominio]);
    await expectNothingExecuted(page);
    await visit(`/portaria-web/condominios/editar/${condominio!.id}`, "Editar Condomínio");
    await expectFields(page, [TEXT.condominio]);
    await expectNothingExecuted(page);

    await visit("/portaria-web/admin/grupos", "Grupos");
    await expectShown(page, [TEXT.grupo, TEXT.grupoDescricao]);
    await page.getByRole("button", { name: `Excluir ${TEXT.grupo}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect.poll(() => confirm.innerText()).toContain(`Tem certeza que deseja excluir o grupo "${TEXT.grupo}"?`);
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expectNothingExecuted(page);
    await visit(`/portaria-web/admin/grupos/editar/${grupo.id}`, "Editar Grupo");
    await expectFields(page, [TEXT.grupo, TEXT.grupoDescricao]);
    await expectNothingExecuted(page);

    await visit("/portaria-web/admin/usuarios", "Usuários");
    await expectShown(page, [TEXT.usuario, TEXT.grupo]);
    await expectNothingExecuted(page);
    await visit(`/portaria-web/admin/usuarios/editar/${usuario.id}`, "Editar Usuário");
    await expectFields(page, [TEXT.usuario]);
    await expectShown(page, [TEXT.grupo]);
    await expectNothingExecuted(page);

    await visit("/portaria-web/unidades", "Unidades");
    await expectShown(page, [TEXT.condominio, TEXT.bloco, TEXT.numero]);
    await expectNothingExecuted(page);
    await visit(`/portaria-web/unidades/editar/${unidade.id}`, "Editar Unidade");
    await expectFields(page, [TEXT.bloco, TEXT.numero]);
    await expectShown(page, [TEXT.morador, TEXT.marca, TEXT.modelo]);
    await page.getByRole("button", { name: `Editar morador ${TEXT.morador}` }).click();
    await page.getByRole("dialog", { name: "Editar Morador" }).waitFor();
    await expectFields(page, [TEXT.morador]);
    await expectNothingExecuted(page);
    await page.keyboard.press("Escape");

    await visit("/portaria-web/veiculos", "Veículos");
    await expectShown(page, [TEXT.marca, TEXT.modelo, TEXT.morador]);
    await expectNothingExecuted(page);

    await visit("/portaria-web/prestadores", "Prestadores");
    await expectShown(page, [TEXT.prestador, TEXT.tipoServico]);
    await expectNothingExecuted(page);
    await visit(`/portaria-web/prestadores/editar/${prestador.id}`, "Editar Prestador");
    await expectFields(page, [TEXT.prestador, TEXT.tipoServico]);
    await expectNothingExecuted(page);

    expect(dialogs).toEqual([]);
    await context.close();
  });
});
