import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bloqueios, condominios, moradores, prestadores, registrosAcesso, unidades, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";
import { dateInSaoPaulo } from "@shared/time";

// The stop shown before the click (issue 26; gatehouse-spec §3, §6): in the console's search, a
// blocked resident, vehicle (by its plate) and provider are marked 'Bloqueado' with the block's
// text before 'Registrar entrada' is pressed; pressing it then answers 'Acesso negado' with that
// text. A resident who only shares a blocked person's name is marked too, and the porteiro may
// let them in ('Liberar mesmo assim'). On a desktop and on a 768 px tablet.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { condominio: "", a101: "", rosa: "" };
/** A pre-authorisation of a visitor blocked by name (created through the API by the first page). */
const denis = { id: "", codigo: "" };
const PORTEIRO = { email: "bia.porteira@teste.local", password: "senha-da-bia-1", nome: "Bia Porteira" };

const RITA = "Pessoa bloqueada neste condomínio: Ameaçou moradores.";
const PLACA = "Veículo bloqueado neste condomínio: Placa clonada.";
const MARCOS = "Pessoa bloqueada neste condomínio: Furto de ferramentas.";
const DENIS = "Pessoa bloqueada neste condomínio: Furto de encomendas.";
const HOMONIMO = "Pessoa bloqueada neste condomínio: Agrediu o porteiro. O nome confere com o bloqueio, mas o documento é outro: confira a identidade.";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [cond] = await db.insert(condominios).values({ nome: "Residencial Sentinela" }).returning();
  const [a101] = await db.insert(unidades).values({ condominio_id: cond!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [, bruno, , rosa] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Rita Bloqueada", cpf: "98765432100", tipo_morador: "inquilino" },
      { unidade_id: a101!.id, nome_completo: "Bruno Motorista", cpf: "11144477735", tipo_morador: "proprietario" },
      { unidade_id: a101!.id, nome_completo: "Carlos Antônio Pereira", cpf: "22233344405", tipo_morador: "inquilino" },
      { unidade_id: a101!.id, nome_completo: "Rosa Livre", tipo_morador: "proprietario" },
    ])
    .returning();
  await db.insert(veiculos).values({ morador_id: bruno!.id, unidade_id: a101!.id, placa: "QAZ1234", modelo: "Onix", cor: "Prata", tipo_veiculo: "carro" });
  await db.insert(prestadores).values({ nome_empresa_profissional: "Marcos Reparos", tipo_servico: "Encanador", condominio_id: cond!.id });
  await db.insert(bloqueios).values([
    { condominio_id: cond!.id, tipo: "pessoa", nome: "Rita B.", documento_numero: "98765432100", motivo: "Ameaçou moradores" },
    { condominio_id: null, tipo: "veiculo", placa: "QAZ1234", motivo: "Placa clonada" },
    { condominio_id: cond!.id, tipo: "pessoa", nome: "MARCOS REPAROS", motivo: "Furto de ferramentas" },
    { condominio_id: cond!.id, tipo: "pessoa", nome: "Carlos Antonio Pereira", documento_numero: "12345678909", motivo: "Agrediu o porteiro." },
    { condominio_id: null, tipo: "pessoa", nome: "Denis Entregador", motivo: "Furto de encomendas" },
  ]);
  Object.assign(ids, { condominio: cond!.id, a101: a101!.id, rosa: rosa!.id });
  await createPortariaUser(portal, {
    ...PORTEIRO,
    grupo: { nome: "Porteiros", permissions: ["registrar_acesso_visitante"] },
    condominioIds: [cond!.id],
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function openConsole(width: number): Promise<Page> {
  const { page } = await browser.newPage();
  await page.setViewportSize({ width, height: 1000 });
  await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/portaria-web/controle-acesso`);
  await page.getByRole("combobox", { name: "Condomínio da portaria" }).filter({ hasText: "Residencial Sentinela" }).waitFor();
  if (!denis.id) {
    // As the Visitantes screen makes it, in the porteira's session.
    const payload = {
      condominio_id: ids.condominio,
      unidade_id: ids.a101,
      morador_id: ids.rosa,
      nome_visitante: "Dênis Entregador",
      tipo: "periodo",
      valido_de: dateInSaoPaulo(Date.now()),
      valido_ate: dateInSaoPaulo(Date.now() + 7 * 86_400_000),
    };
    const created = await page.evaluate(async (body) => {
      const response = await fetch("/api/visitantes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as { id: string; codigo: string } };
    }, payload);
    expect(created.status).toBe(201);
    Object.assign(denis, { id: created.json.id, codigo: created.json.codigo });
  }
  return page;
}

async function buscar(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Buscar" });
  await box.fill(text);
  await box.press("Enter");
}

/** The result of `grupo` naming `nome`, once the search shows it. */
async function resultado(page: Page, grupo: string, nome: string) {
  const item = page
    .getByRole("list", { name: new RegExp(grupo) })
    .getByRole("listitem")
    .filter({ hasText: nome });
  await item.waitFor();
  return item;
}

/** The mark is on screen, inside the width, before anything is pressed; nothing was answered yet. */
async function expectMarked(page: Page, item: Locator, badge: string, text: string, width: number) {
  const mark = item.locator("[data-bloqueio]");
  expect(await mark.isVisible()).toBe(true);
  expect(await mark.getByText(badge, { exact: true }).isVisible()).toBe(true);
  expect(await mark.getByText(text, { exact: true }).isVisible()).toBe(true);
  const box = (await mark.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  // The entry button says why, to a screen reader too.
  const button = item.getByRole("button", { name: "Registrar entrada" });
  expect(await button.getAttribute("aria-describedby")).toBeTruthy();
  expect(await page.getByRole("alert").filter({ hasText: "Acesso negado" }).count()).toBe(0);
}

/** 'Registrar entrada' on the result: 'Acesso negado' with the block's text; 'Liberar mesmo assim' only for a name-only match. */
async function expectRefused(page: Page, item: Locator, text: string, podeLiberar: boolean) {
  await item.getByRole("button", { name: "Registrar entrada" }).click();
  const aviso = page.getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: text });
  await aviso.waitFor();
  expect(await aviso.getByRole("button", { name: "Liberar mesmo assim" }).count()).toBe(podeLiberar ? 1 : 0);
  return aviso;
}

async function fechar(aviso: Awaited<ReturnType<typeof expectRefused>>) {
  await aviso.getByRole("button", { name: "Fechar aviso" }).click();
  await aviso.waitFor({ state: "detached" });
}

describe.each([
  ["on a desktop", 1280],
  ["on a 768 px tablet", 768],
])("the console's search %s", (_label, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await openConsole(width);
  });

  it("marks a blocked resident with the reason before the click, and the click answers 'Acesso negado' with it", async () => {
    await buscar(page, "r");
    const rita = await resultado(page, "Moradores", "Rita Bloqueada");
    await expectMarked(page, rita, "Bloqueado", RITA, width);
    // Someone not blocked, in the same results, is not marked.
    const rosa = await resultado(page, "Moradores", "Rosa Livre");
    expect(await rosa.locator("[data-bloqueio]").count()).toBe(0);
    await expectNoA11yViolations(page);
    await fechar(await expectRefused(page, rita, RITA, false));
  });

  it("marks a blocked plate, searched with the dash, and its entry is refused", async () => {
    await buscar(page, "QAZ-1234");
    const carro = await resultado(page, "Veículos", "QAZ-1234");
    await expectMarked(page, carro, "Bloqueado", PLACA, width);
    await fechar(await expectRefused(page, carro, PLACA, false));
  });

  it("marks a provider blocked by name", async () => {
    await buscar(page, "marcos");
    const marcos = await resultado(page, "Prestadores", "Marcos Reparos");
    await expectMarked(page, marcos, "Bloqueado", MARCOS, width);
    await fechar(await expectRefused(page, marcos, MARCOS, false));
  });

  it("marks a pre-authorised visitor blocked by name, in the results and on the card its code opens", async () => {
    await buscar(page, "Dênis");
    const visitante = await resultado(page, "Visitantes", "Dênis Entregador");
    await expectMarked(page, visitante, "Bloqueado", DENIS, width);
    await fechar(await expectRefused(page, visitante, DENIS, false));
    await buscar(page, denis.codigo);
    const cartao = page.locator("[data-autorizacao-aberta]");
    await cartao.getByText("Dênis Entregador").waitFor();
    await expectMarked(page, cartao, "Bloqueado", DENIS, width);
    await fechar(await expectRefused(page, cartao, DENIS, false));
  });

  it("marks a namesake of a blocked person for the porteiro to check, who may then let them in", async () => {
    await buscar(page, "carlos");
    const carlos = await resultado(page, "Moradores", "Carlos Antônio Pereira");
    await expectMarked(page, carlos, "Confira: nome bloqueado", HOMONIMO, width);
    const aviso = await expectRefused(page, carlos, HOMONIMO, true);
    await aviso.getByRole("button", { name: "Liberar mesmo assim" }).click();
    const dialog = page.getByRole("dialog", { name: "Liberar mesmo assim" });
    await dialog.getByRole("textbox", { name: "Autorizado por" }).fill("Porteira conferiu o RG");
    await dialog.getByRole("button", { name: "Liberar entrada" }).click();
    await toastLocator(page).filter({ hasText: "Entrada registrada" }).filter({ hasText: "Carlos Antônio Pereira entrou às" }).first().waitFor();
    const overrides = await portal.database.db
      .select()
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.nome_pessoa, "Carlos Antônio Pereira"), eq(registrosAcesso.resultado, "liberado")));
    expect(overrides.at(-1)).toMatchObject({ liberado_manualmente: true, autorizado_por: "Porteira conferiu o RG", motivo: HOMONIMO });
    // Out again, for the other screen's run.
    await (await resultado(page, "Moradores", "Carlos Antônio Pereira")).getByRole("button", { name: "Registrar saída" }).click();
    await toastLocator(page).filter({ hasText: "Carlos Antônio Pereira saiu às" }).first().waitFor();
  });
});
