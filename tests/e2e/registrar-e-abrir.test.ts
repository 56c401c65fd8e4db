import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarIntelbras } from "../../scripts/simulador/intelbras";
import { bloqueios, comandosDispositivo, condominios, dispositivos, moradores, registrosAcesso, unidades } from "../../src/server/db/schema";
import { cofreDeSenhas } from "../../src/server/modules/dispositivos/senha";
import { TEST_DEVICE_KEY } from "../../src/server/testing/harness";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { startPortal, type RunningPortal } from "./support/server";

// 'Registrar e abrir' at the console (gate-operation-spec §2.2), in a real browser, as an operator
// who may open gates: the entry is registered as always and, when let in, the condominium's main
// entrance opens for it — on the simulator's Intelbras controller, once, with the state live on
// 'Portões'. The main entrance is the 'entrada' door of an online device: not the exit door listed
// before it on the same controller, nor the offline garage controller listed before it by name.
// A refused entry opens nothing.

let portal: RunningPortal;
let browser: BrowserHandle;
const OPERADOR = { email: "operador.registrar-e-abrir@teste.local", password: "senha-do-operador-1", nome: "Operador da Portaria" };
// Door 2 is the exit, door 1 the entrance. The door takes 1.5 s to open and stays open 2 s.
const portao = criarIntelbras({
  nome: "social-registrar-e-abrir",
  modelo: "SS 3530 MF W",
  serie: "7F0A2B3C4E",
  senha: "Senha-do-portao-1",
  portas: 2,
  portaMoveMs: 1500,
  portaAbertaMs: 2000,
});
let condominioId = "";

const RITA = "Pessoa bloqueada neste condomínio: Ameaçou moradores.";
const DENIS = "Pessoa bloqueada neste condomínio: Furto de encomendas.";
const HOMONIMO = "Pessoa bloqueada neste condomínio: Agrediu o porteiro. O nome confere com o bloqueio, mas o documento é outro: confira a identidade.";

beforeAll(async () => {
  await portao.ligar();
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Horizonte" }).returning({ id: condominios.id });
  condominioId = condominio!.id;
  const [a101] = await db.insert(unidades).values({ condominio_id: condominioId, bloco: "A", numero_unidade: "101" }).returning();
  await db.insert(moradores).values([
    { unidade_id: a101!.id, nome_completo: "Ana Beatriz Souza", cpf: "52998224725", tipo_morador: "proprietario" },
    { unidade_id: a101!.id, nome_completo: "Bruno Lima", tipo_morador: "inquilino" },
    { unidade_id: a101!.id, nome_completo: "Rita Bloqueada", cpf: "98765432100", tipo_morador: "inquilino" },
    { unidade_id: a101!.id, nome_completo: "Carlos Antônio Pereira", cpf: "22233344405", tipo_morador: "inquilino" },
  ]);
  await db.insert(bloqueios).values([
    { condominio_id: condominioId, tipo: "pessoa", nome: "Rita B.", documento_numero: "98765432100", motivo: "Ameaçou moradores" },
    { condominio_id: null, tipo: "pessoa", nome: "Denis Entregador", motivo: "Furto de encomendas" },
    { condominio_id: condominioId, tipo: "pessoa", nome: "Carlos Antonio Pereira", documento_numero: "12345678909", motivo: "Agrediu o porteiro." },
  ]);
  const cofre = cofreDeSenhas(Buffer.from(TEST_DEVICE_KEY, "utf8"));
  const garagem = randomUUID();
  const social = randomUUID();
  await db.insert(dispositivos).values([
    {
      // First by name, an entrance too, but offline (nothing listens at its address): not the main one.
      id: garagem,
      condominio_id: condominioId,
      nome: "Acesso da garagem",
      fabricante: "intelbras",
      modelo: "SS 3530 MF W",
      conexao: "direta",
      endereco: "http://127.0.0.1:9",
      usuario: "admin",
      senha: cofre.cifrar(garagem, "Senha-da-garagem-1"),
      token_integracao: randomBytes(24).toString("base64url"),
      portas: [{ numero: 1, nome: "Garagem", sentido: "entrada" }],
      sensor_porta: false,
      estado: "offline",
    },
    {
      id: social,
      condominio_id: condominioId,
      nome: "Portaria social",
      fabricante: "intelbras",
      modelo: "SS 3530 MF W",
      conexao: "direta",
      endereco: portao.endereco,
      usuario: "admin",
      senha: cofre.cifrar(social, "Senha-do-portao-1"),
      token_integracao: randomBytes(24).toString("base64url"),
      // The exit first: the first door is not the main one.
      portas: [
        { numero: 2, nome: "Saída social", sentido: "saida" },
        { numero: 1, nome: "Portão social", sentido: "entrada" },
      ],
      sensor_porta: true,
      estado: "online",
      ultimo_contato_em: new Date(),
    },
  ]);
  await createPortariaUser(portal, {
    ...OPERADOR,
    grupo: { nome: "Operadores", permissions: ["registrar_acesso_visitante", "acionar_dispositivos"] },
    condominioIds: [condominioId],
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await portao.desligar();
});

async function abrirConsole(viewport?: { width: number; height: number }) {
  const { page, context } = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await login(page, portal.url, OPERADOR.email, OPERADOR.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/portaria-web/controle-acesso`);
  await page.getByRole("list", { name: "Portões do condomínio" }).getByText("Portão social", { exact: true }).waitFor();
  return { page, context };
}

const estado = (page: Page) => page.getByRole("status", { name: "Estado de Portão social" });

/** The command's states as the device reports them, on 'Portões': executed, open, closed again (the next one starts clean). */
async function expectAbertoEFechado(page: Page) {
  await estado(page)
    .filter({ hasText: /^Comando executado às \d{2}:\d{2}$/ })
    .waitFor();
  await estado(page)
    .filter({ hasText: /^Portão aberto às \d{2}:\d{2}$/ })
    .waitFor();
  await estado(page)
    .filter({ hasText: /^Portão fechado às \d{2}:\d{2}$/ })
    .waitFor({ timeout: 10_000 });
}

async function expectToast(page: Page, title: string, text: RegExp) {
  await toastLocator(page).filter({ hasText: title }).filter({ hasText: text }).waitFor();
}

async function buscar(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Buscar" });
  await box.fill(text);
  await box.press("Enter");
}

async function resultado(page: Page, nome: string) {
  const item = page
    .getByRole("list", { name: /Moradores/ })
    .getByRole("listitem")
    .filter({ hasText: nome });
  await item.waitFor();
  return item;
}

async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** 'Visitante sem pré-autorização' filled for unit A-101, authorised by Ana. */
async function visitante(page: Page, nome: string) {
  await page.getByRole("button", { name: "Visitante sem pré-autorização" }).click();
  const dialog = page.getByRole("dialog", { name: "Visitante sem pré-autorização" });
  await dialog.waitFor();
  await dialog.getByRole("textbox", { name: "Nome" }).fill(nome);
  await choose(page, dialog, "Unidade de destino", "Bloco A - 101");
  await choose(page, dialog, "Autorizado por", "Ana Beatriz Souza");
  return dialog;
}

const registrosDe = (nome: string) => portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, nome));
const comandos = () => portal.database.db.select().from(comandosDispositivo);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe("'Registrar e abrir' at the console", () => {
  it("a walk-in visitor: the entry is recorded and the main entrance opens once, for it, with its state on 'Portões'", async () => {
    const { page, context } = await abrirConsole();
    const dialog = await visitante(page, "Diego Visitante");
    await dialog.getByRole("button", { name: "Registrar e abrir" }).click();
    await expectToast(page, "Entrada registrada", /Diego Visitante entrou às \d\d:\d\d\./);
    await dialog.waitFor({ state: "detached" });
    await expectAbertoEFechado(page);

    expect(portao.aberturas.map((a) => a.porta)).toEqual([1]);
    const [registro, ...outros] = await registrosDe("Diego Visitante");
    expect(outros).toEqual([]);
    expect(registro).toMatchObject({ tipo_pessoa: "visitante", sentido: "entrada", resultado: "liberado", autorizado_por: "Ana Beatriz Souza" });
    // The command belongs to that entry: no reason asked, no 'nao_identificado' record made.
    expect((await comandos()).map((c) => ({ porta: c.porta, registro_id: c.registro_id }))).toEqual([{ porta: 1, registro_id: registro!.id }]);
    expect(await portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.tipo_pessoa, "nao_identificado"))).toEqual([]);
    expect(await page.locator("[data-variant=destructive]").count()).toBe(0);
    await context.close();
  });

  it("a resident found by the search: Enter registers only; Ctrl+Enter on the focused result registers and opens", async () => {
    const { page, context } = await abrirConsole();
    await page
      .getByText(/Ctrl\s*\+\s*Enter registra e abre o portão/)
      .first()
      .waitFor();

    await buscar(page, "bruno");
    await resultado(page, "Bruno Lima");
    await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    await expectToast(page, "Entrada registrada", /Bruno Lima entrou às/);

    await buscar(page, "ana");
    const ana = await resultado(page, "Ana Beatriz Souza");
    await ana.getByRole("button", { name: "Registrar e abrir: Ana Beatriz Souza" }).waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Registrar entrada");
    await page.keyboard.press("Control+Enter");
    await expectToast(page, "Entrada registrada", /Ana Beatriz Souza entrou às/);
    await expectAbertoEFechado(page);

    expect(portao.aberturas.map((a) => a.porta)).toEqual([1, 1]);
    const [anaEntrou] = await registrosDe("Ana Beatriz Souza");
    const [brunoEntrou] = await registrosDe("Bruno Lima");
    expect(brunoEntrou).toMatchObject({ resultado: "liberado" });
    // Bruno's entry (plain Enter, before Ana's) opened nothing; Ana's opened the entrance.
    const registrosDosComandos = (await comandos()).map((c) => c.registro_id);
    expect(registrosDosComandos).toHaveLength(2);
    expect(registrosDosComandos).toContain(anaEntrou!.id);
    expect(registrosDosComandos).not.toContain(brunoEntrou!.id);
    await context.close();
  });

  it("Ctrl+Enter in the walk-in form registers and opens", async () => {
    const { page, context } = await abrirConsole();
    const dialog = await visitante(page, "Elisa Visitante");
    await dialog.getByRole("textbox", { name: "Observação" }).fill("Veio para o aniversário");
    await page.keyboard.press("Control+Enter");
    await expectToast(page, "Entrada registrada", /Elisa Visitante entrou às/);
    await dialog.waitFor({ state: "detached" });
    await expectAbertoEFechado(page);
    expect(portao.aberturas.map((a) => a.porta)).toEqual([1, 1, 1]);
    const [elisa] = await registrosDe("Elisa Visitante");
    expect((await comandos()).filter((c) => c.registro_id === elisa!.id)).toHaveLength(1);
    await context.close();
  });

  it("on a phone, a blocked resident and a blocked walk-in: refused as always, and nothing opens", async () => {
    const { page, context } = await abrirConsole({ width: 390, height: 844 });
    const aberturas = portao.aberturas.length;
    const antes = (await comandos()).length;

    await buscar(page, "rita");
    const rita = await resultado(page, "Rita Bloqueada");
    const botao = rita.getByRole("button", { name: "Registrar e abrir: Rita Bloqueada" });
    const box = (await botao.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await botao.click();
    const aviso = page.getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: RITA });
    await aviso.waitFor();
    expect(await aviso.getByRole("button", { name: "Liberar mesmo assim" }).count()).toBe(0);
    await aviso.getByRole("button", { name: "Fechar aviso" }).click();

    const dialog = await visitante(page, "Denis Entregador");
    await page.keyboard.press("Control+Enter");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("alert").filter({ hasText: "Acesso negado: Denis Entregador" }).filter({ hasText: DENIS }).waitFor();

    expect(await registrosDe("Rita Bloqueada")).toMatchObject([{ resultado: "negado" }]);
    expect(await registrosDe("Denis Entregador")).toMatchObject([{ resultado: "negado" }]);
    // An opening would follow the answer at once: give it time to show, then check nothing came.
    await page.waitForTimeout(1500);
    expect((await comandos()).length).toBe(antes);
    expect(portao.aberturas.length).toBe(aberturas);
    expect(await page.locator("[data-variant=destructive]").count()).toBe(0);
    expect(await estado(page).textContent()).toMatch(/^Portão fechado às/);
    await context.close();
  });

  it("a namesake let in anyway ('Liberar e abrir'): the override entry opens the entrance", async () => {
    const { page, context } = await abrirConsole();
    await buscar(page, "carlos");
    const carlos = await resultado(page, "Carlos Antônio Pereira");
    await carlos.getByRole("button", { name: "Registrar e abrir: Carlos Antônio Pereira" }).click();
    const aviso = page.getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: HOMONIMO });
    await aviso.waitFor();
    expect((await comandos()).length).toBe(3);
    await aviso.getByRole("button", { name: "Liberar mesmo assim" }).click();
    const dialog = page.getByRole("dialog", { name: "Liberar mesmo assim" });
    await dialog.getByRole("textbox", { name: "Autorizado por" }).fill("Operador conferiu o RG");
    await dialog.getByRole("button", { name: "Liberar e abrir" }).click();
    await expectToast(page, "Entrada registrada", /Carlos Antônio Pereira entrou às/);
    await expectAbertoEFechado(page);
    expect(portao.aberturas.map((a) => a.porta)).toEqual([1, 1, 1, 1]);
    const [override] = await portal.database.db
      .select()
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.nome_pessoa, "Carlos Antônio Pereira"), eq(registrosAcesso.resultado, "liberado")));
    expect(override).toMatchObject({ liberado_manualmente: true, autorizado_por: "Operador conferiu o RG" });
    expect((await comandos()).filter((c) => c.registro_id === override!.id)).toHaveLength(1);
    await context.close();
  });
});
