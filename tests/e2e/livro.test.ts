import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVRO_TEXTOS } from "../../src/shared/schemas/livro";
import { condominios, moradores, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Livro da portaria (gate-operation-spec §5, issue 31's acceptance): operator A opens a shift at a
// condominium, writes an 'alta' entry linked to an access record and a 'recado', resolves the
// recado and closes the shift with notes; operator B, opening the same post, reads the notes and
// the open item and must confirm before writing anything (the API refuses an entry before), then
// resolves it; the síndico, on a phone, sees only the entries marked visible.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { aurora: "", a101: "", ana: "" };

const OLGA = { email: "olga.livro@teste.local", password: "senha-da-olga-1", nome: "Olga Operadora" };
const BRUNO = { email: "bruno.livro@teste.local", password: "senha-do-bruno-1", nome: "Bruno Rendição" };
const CARLA = { email: "carla.livro@teste.local", password: "senha-da-carla-1", nome: "Carla Central" };
const SAULO = { email: "saulo.livro@teste.local", password: "senha-do-saulo-1", nome: "Saulo Síndico" };

const ALTA = "Portão da garagem aberto sem autorização";
const RECADO = "Entregar a chave do salão ao zelador";
const PASSAGEM = "Portão da garagem com defeito; o técnico vem amanhã às 8h.";

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  ids.aurora = aurora!.id;
  const [a101] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "102" },
      { condominio_id: bosque!.id, numero_unidade: "101" },
    ])
    .returning();
  ids.a101 = a101!.id;
  const [ana] = await db.insert(moradores).values({ unidade_id: a101!.id, nome_completo: "Ana Souza", tipo_morador: "proprietario" }).returning();
  ids.ana = ana!.id;
  // The units' pick-list is the gate's (registrar_acesso_visitante), which every operator holds.
  const portaria = { nome: "Portaria", permissions: ["registrar_ocorrencias", "registrar_acesso_visitante"] };
  await createPortariaUser(portal, { ...OLGA, grupo: portaria, condominioIds: [aurora!.id] });
  await createPortariaUser(portal, { ...BRUNO, grupo: { ...portaria, nome: "Portaria noturna" }, condominioIds: [aurora!.id] });
  // The central's operator serves every condominium; without the gate's permission, no unit pick-list.
  await createPortariaUser(portal, { ...CARLA, grupo: { nome: "Central", permissions: ["registrar_ocorrencias"] } });
  await createPortariaUser(portal, { ...SAULO, grupo: { nome: "Síndicos", permissions: ["visualizar_ocorrencias"] }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function expectFocusOn(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { message: `focus: ${String(locator)}` }).toBe(true);
}

/** A Radix select from the keyboard: open it, type the start of the option's name, Enter; the focus comes back to it. */
async function chooseByKeyboard(page: Page, select: Locator, option: string, typed = option) {
  await expectFocusOn(select);
  await page.keyboard.press("Space");
  await page.getByRole("option", { name: option, exact: true }).waitFor();
  // The list takes the focus once drawn: typed before that, the letters go to the closed trigger.
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "option");
  await page.keyboard.type(typed);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(option);
  await page.keyboard.press("Enter");
  await page.getByRole("listbox").waitFor({ state: "detached" });
  await expect.poll(() => select.textContent()).toBe(option);
  await expectFocusOn(select);
}

/** Escape, as often as needed: a toast shown after the dialog opened takes the first one (Radix's layers). */
async function closeWithEscape(page: Page, dialog: Locator) {
  await expect
    .poll(async () => {
      if (await dialog.count()) await page.keyboard.press("Escape");
      return dialog.count();
    })
    .toBe(0);
}

/** Radix animates a dialog in: axe reads the colours once it is drawn. */
async function axeWhenDrawn(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await expectNoA11yViolations(page);
}

async function expectToast(page: Page, text: string) {
  await expect.poll(() => toastLocator(page).textContent()).toContain(text);
}

async function signIn(email: string, password: string, options: { mobile?: boolean } = {}) {
  const { page, context } = await browser.newPage(options);
  await login(page, portal.url, email, password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  return { page, context };
}

const registrarButton = (page: Page) => page.getByRole("button", { name: "Registrar ocorrência", exact: true });
const rowOf = (page: Page, text: string) => page.getByRole("table", { name: "Ocorrências" }).getByRole("row").filter({ hasText: text });
const RESOLVIDA_POR = (nome: string) => new RegExp(`Resolvida por ${nome} em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`);

describe("Livro da portaria", () => {
  it("hands a shift over: A writes and closes with notes, B reads them and the open item, confirms, then resolves it", async () => {
    // ── Operator A: an access record at the gate (the console's API), then the book. ──
    const a = await signIn(OLGA.email, OLGA.password);
    const visita = await a.context.request.post(`${portal.url}/api/controle-acesso/visitante`, {
      data: {
        condominio_id: ids.aurora,
        nome: "Marcos Visitante",
        documento_tipo: "rg",
        documento_numero: "MG-1234567",
        unidade_id: ids.a101,
        autorizado_por_morador_id: ids.ana,
      },
      headers: { origin: portal.url },
    });
    expect(visita.status()).toBe(201);

    const page = a.page;
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Livro da portaria" }).first().click();
    await page.waitForURL(`${portal.url}/portaria-web/livro`);
    await page.getByRole("heading", { level: 1, name: "Livro da portaria" }).waitFor();
    await page.getByText(LIVRO_TEXTOS.nenhumTurno).waitFor();
    await page.getByText(LIVRO_TEXTOS.nenhuma).waitFor();
    // Nothing is written outside a shift.
    expect(await registrarButton(page).count()).toBe(0);
    await expectNoA11yViolations(page);

    // 'Iniciar turno' from the keyboard: her one condominium is the post; nothing before her.
    await page.getByRole("button", { name: "Iniciar turno" }).press("Enter");
    const iniciar = page.getByRole("dialog", { name: "Iniciar turno" });
    await iniciar.waitFor();
    const posto = iniciar.getByRole("combobox", { name: "Posto" });
    await expectFocusOn(posto);
    expect(await posto.textContent()).toBe("Residencial Aurora");
    await iniciar.getByText(LIVRO_TEXTOS.semPassagemAnterior).waitFor();
    await iniciar.getByText(LIVRO_TEXTOS.itensEmAberto(0)).waitFor();
    await axeWhenDrawn(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectFocusOn(iniciar.getByRole("button", { name: LIVRO_TEXTOS.liEAssumo }));
    await page.keyboard.press("Enter");
    await expectToast(page, LIVRO_TEXTOS.turnoIniciado);
    await iniciar.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("turno-atual").textContent()).toMatch(/^Turno em Residencial Aurora desde \d{2}:\d{2}$/);
    await expectFocusOn(registrarButton(page));

    // The 'alta' entry, linked to the access record, visible to the síndico: from the keyboard.
    await page.keyboard.press("Enter");
    const registrar = page.getByRole("dialog", { name: "Registrar ocorrência" });
    await registrar.waitFor();
    // The post is a condominium: it is fixed, and the type takes the focus.
    expect(await registrar.getByRole("combobox", { name: "Condomínio" }).count()).toBe(0);
    expect(await registrar.getByRole("combobox", { name: "Prioridade" }).textContent()).toBe("Normal");
    await chooseByKeyboard(page, registrar.getByRole("combobox", { name: "Tipo" }), "Segurança", "Seg");
    await page.keyboard.press("Tab");
    await chooseByKeyboard(page, registrar.getByRole("combobox", { name: "Prioridade" }), "Alta");
    await page.keyboard.press("Tab");
    await page.keyboard.type(ALTA);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Visitante saiu pela garagem e o portão ficou aberto por 10 minutos.");
    await page.keyboard.press("Tab");
    await expectFocusOn(registrar.getByRole("combobox", { name: "Unidade" }));
    await page.keyboard.type("A 101");
    await registrar.getByRole("option", { name: "Bloco A - 101" }).waitFor();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await chooseByKeyboard(page, registrar.getByRole("combobox", { name: "Vincular a" }), "Registro de acesso", "Reg");
    const registro = registrar.getByRole("combobox", { name: "Registro de acesso" });
    await expect.poll(() => registro.isEnabled()).toBe(true);
    await page.keyboard.press("Tab");
    await expectFocusOn(registro);
    await page.keyboard.press("Space");
    const opcao = page.getByRole("option").filter({ hasText: "Marcos Visitante" });
    await opcao.waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    expect(await registro.textContent()).toContain("Marcos Visitante");
    await expectFocusOn(registro);
    await page.keyboard.press("Tab");
    await expectFocusOn(registrar.getByRole("checkbox", { name: "Visível ao síndico" }));
    await page.keyboard.press("Space");
    expect(await registrar.getByRole("checkbox", { name: "Visível ao síndico" }).getAttribute("aria-checked")).toBe("true");
    await axeWhenDrawn(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectFocusOn(registrar.getByRole("button", { name: "Registrar", exact: true }));
    await page.keyboard.press("Enter");
    await expectToast(page, LIVRO_TEXTOS.ocorrenciaRegistrada);
    await registrar.waitFor({ state: "detached" });

    // The recado: the form's errors first (in pt-BR, on their fields), then the entry.
    await registrarButton(page).click();
    await registrar.waitFor();
    await registrar.getByRole("button", { name: "Registrar", exact: true }).click();
    await registrar.getByText(LIVRO_TEXTOS.tipoObrigatorio).waitFor();
    await registrar.getByText(LIVRO_TEXTOS.tituloObrigatorio).waitFor();
    expect(await registrar.getByRole("textbox", { name: "Título" }).getAttribute("aria-invalid")).toBe("true");
    await axeWhenDrawn(page);
    await registrar.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Recado", exact: true }).click();
    await registrar.getByRole("textbox", { name: "Título" }).fill(RECADO);
    await registrar.getByRole("button", { name: "Registrar", exact: true }).click();
    await expectToast(page, LIVRO_TEXTOS.ocorrenciaRegistrada);
    await registrar.waitFor({ state: "detached" });

    // The list: both open, with priority, type, place, who and the link's description.
    await expect.poll(() => page.getByRole("table", { name: "Ocorrências" }).getByRole("row").count()).toBe(3);
    const alta = await rowOf(page, ALTA).textContent();
    for (const text of ["Alta", "Segurança", "Residencial Aurora · Bloco A - 101", OLGA.nome, "Registro de acesso:", "Marcos Visitante", "Em aberto"])
      expect(alta).toContain(text);
    expect(await rowOf(page, RECADO).textContent()).toContain("Recado");

    // The recado is resolved from its detail, with what was done.
    await rowOf(page, RECADO)
      .getByRole("button", { name: `Abrir ocorrência ${RECADO}` })
      .click();
    const detalhe = page.getByRole("dialog", { name: RECADO });
    await detalhe.getByRole("button", { name: "Resolver" }).waitFor();
    await axeWhenDrawn(page);
    await detalhe.getByRole("button", { name: "Resolver" }).click();
    await expectFocusOn(detalhe.getByRole("textbox", { name: "Resolução" }));
    await page.keyboard.type("Chave entregue ao Sr. José.");
    await detalhe.getByRole("button", { name: "Resolver ocorrência" }).click();
    await expectToast(page, LIVRO_TEXTOS.ocorrenciaResolvida);
    await detalhe.getByText(RESOLVIDA_POR(OLGA.nome)).waitFor();
    await detalhe.getByText("Chave entregue ao Sr. José.").waitFor();
    expect(await detalhe.getByRole("button", { name: "Resolver" }).count()).toBe(0);
    await closeWithEscape(page, detalhe);
    await expect.poll(() => rowOf(page, RECADO).textContent()).toMatch(RESOLVIDA_POR(OLGA.nome));

    // 'Encerrar turno': the notes are required.
    await page.getByRole("button", { name: "Encerrar turno" }).click();
    const encerrar = page.getByRole("dialog", { name: "Encerrar turno" });
    await encerrar.waitFor();
    const notas = encerrar.getByRole("textbox", { name: "Passagem de turno" });
    await expectFocusOn(notas);
    await encerrar.getByRole("button", { name: "Encerrar turno" }).click();
    await encerrar.getByText(LIVRO_TEXTOS.passagemObrigatoria).waitFor();
    await axeWhenDrawn(page);
    await notas.fill(PASSAGEM);
    await encerrar.getByRole("button", { name: "Encerrar turno" }).click();
    await expectToast(page, LIVRO_TEXTOS.turnoEncerrado);
    await page.getByText(LIVRO_TEXTOS.nenhumTurno).waitFor();
    expect(await registrarButton(page).count()).toBe(0);
    await a.context.close();

    // ── Operator B: nothing can be written before the handover is confirmed. ──
    const b = await signIn(BRUNO.email, BRUNO.password);
    const pageB = b.page;
    await pageB.goto(`${portal.url}/portaria-web/livro`);
    await pageB.getByText(LIVRO_TEXTOS.nenhumTurno).waitFor();
    expect(await registrarButton(pageB).count()).toBe(0);
    const recusada = await b.context.request.post(`${portal.url}/api/livro/ocorrencias`, {
      data: { condominio_id: ids.aurora, tipo: "recado", titulo: "Antes de assumir" },
      headers: { origin: portal.url },
    });
    expect(recusada.status()).toBe(409);
    expect(JSON.stringify(await recusada.json())).toContain(LIVRO_TEXTOS.semTurno);

    await pageB.getByRole("button", { name: "Iniciar turno" }).click();
    const iniciarB = pageB.getByRole("dialog", { name: "Iniciar turno" });
    const passagem = iniciarB.getByTestId("passagem");
    await passagem.getByText(PASSAGEM).waitFor();
    const leitura = await passagem.textContent();
    expect(leitura).toContain(OLGA.nome);
    expect(leitura).toContain("Há 1 item em aberto do turno anterior.");
    expect(await passagem.getByRole("list", { name: "Itens em aberto" }).getByRole("listitem").allTextContents()).toEqual([expect.stringContaining(ALTA)]);
    expect(await registrarButton(pageB).count()).toBe(0);
    await axeWhenDrawn(pageB);
    await iniciarB.getByRole("button", { name: LIVRO_TEXTOS.liEAssumo }).click();
    await expectToast(pageB, LIVRO_TEXTOS.turnoIniciado);
    await registrarButton(pageB).waitFor();

    // Later, the open item: a complement, then the resolution (no text needed).
    await rowOf(pageB, ALTA)
      .getByRole("button", { name: `Abrir ocorrência ${ALTA}` })
      .click();
    const detalheB = pageB.getByRole("dialog", { name: ALTA });
    await detalheB.getByRole("button", { name: "Complementar" }).click();
    await detalheB.getByRole("textbox", { name: "Complemento" }).fill("Técnico acionado às 7h.");
    await detalheB.getByRole("button", { name: "Registrar complemento" }).click();
    await expectToast(pageB, LIVRO_TEXTOS.complementoRegistrado);
    await detalheB.getByRole("list", { name: "Complementos e resolução" }).getByText("Técnico acionado às 7h.").waitFor();
    await detalheB.getByRole("button", { name: "Resolver" }).click();
    await detalheB.getByRole("button", { name: "Resolver ocorrência" }).click();
    await expectToast(pageB, LIVRO_TEXTOS.ocorrenciaResolvida);
    await detalheB.getByText(RESOLVIDA_POR(BRUNO.nome)).waitFor();
    await closeWithEscape(pageB, detalheB);
    await expect.poll(() => rowOf(pageB, ALTA).textContent()).toMatch(RESOLVIDA_POR(BRUNO.nome));

    // 'Exportar CSV': the list's filters, as a file.
    const [download] = await Promise.all([pageB.waitForEvent("download"), pageB.getByRole("button", { name: "Exportar CSV" }).click()]);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain(ALTA);
    expect(csv).toContain(RECADO);

    // 'Imprimir': the list on paper, without the sidebar, the header, the shift bar or the buttons.
    await pageB.evaluate(() => {
      (window as unknown as { impressoes: number }).impressoes = 0;
      window.print = () => void (window as unknown as { impressoes: number }).impressoes++;
    });
    await pageB.getByRole("button", { name: "Imprimir" }).click();
    await expect.poll(() => pageB.evaluate(() => (window as unknown as { impressoes: number }).impressoes)).toBe(1);
    await pageB.emulateMedia({ media: "print" });
    expect(await pageB.getByRole("navigation", { name: "Portaria Web" }).isVisible()).toBe(false);
    expect(await pageB.getByRole("banner").isVisible()).toBe(false);
    expect(await pageB.getByRole("region", { name: "Turno" }).isVisible()).toBe(false);
    const botoes = await pageB.getByRole("button").evaluateAll((buttons) => buttons.filter((el) => el.checkVisibility()).map((el) => el.textContent));
    expect(botoes).toEqual([]);
    expect(await pageB.getByRole("heading", { level: 1, name: "Livro da portaria" }).isVisible()).toBe(true);
    expect(await rowOf(pageB, ALTA).isVisible()).toBe(true);
    await pageB.emulateMedia({ media: "screen" });
    await b.context.close();
  });

  it("shows the síndico, on a phone, only the entries marked visible, read-only", async () => {
    const { page, context } = await signIn(SAULO.email, SAULO.password, { mobile: true });
    await page.goto(`${portal.url}/portaria-web/livro`);
    await page.getByRole("heading", { level: 1, name: "Livro da portaria" }).waitFor();
    const lista = page.getByRole("list", { name: "Ocorrências" });
    await lista.getByText(ALTA).waitFor();
    const cards = await lista.getByRole("listitem").allTextContents();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatch(RESOLVIDA_POR(BRUNO.nome));
    expect(cards[0]).not.toContain(RECADO);
    expect(await page.getByRole("region", { name: "Turno" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Iniciar turno" }).count()).toBe(0);
    expect(await registrarButton(page).count()).toBe(0);
    await expectNoA11yViolations(page);

    await lista.getByRole("button", { name: `Abrir ocorrência ${ALTA}` }).click();
    const detalhe = page.getByRole("dialog", { name: ALTA });
    await detalhe.getByText(RESOLVIDA_POR(BRUNO.nome)).waitFor();
    await detalhe.getByText("Técnico acionado às 7h.").waitFor();
    expect(await detalhe.getByRole("button", { name: "Complementar" }).count()).toBe(0);
    expect(await detalhe.getByRole("button", { name: "Resolver" }).count()).toBe(0);
    await axeWhenDrawn(page);

    // The recado is not his to read: the API answers as if it did not exist.
    const todas = await context.request.get(`${portal.url}/api/livro/ocorrencias`);
    expect(((await todas.json()) as { rows: { titulo: string }[] }).rows.map((o) => o.titulo)).toEqual([ALTA]);
    await context.close();
  });

  it("at the Central, writes for the condominium the operator chooses", async () => {
    const { page, context } = await signIn(CARLA.email, CARLA.password);
    await page.goto(`${portal.url}/portaria-web/livro`);
    await page.getByRole("button", { name: "Iniciar turno" }).click();
    const iniciar = page.getByRole("dialog", { name: "Iniciar turno" });
    await chooseByKeyboard(page, iniciar.getByRole("combobox", { name: "Posto" }), "Central", "Cen");
    await iniciar.getByText(LIVRO_TEXTOS.semPassagemAnterior).waitFor();
    await iniciar.getByRole("button", { name: LIVRO_TEXTOS.liEAssumo }).click();
    await expectToast(page, LIVRO_TEXTOS.turnoIniciado);
    await expect.poll(() => page.getByTestId("turno-atual").textContent()).toMatch(/^Turno em Central desde \d{2}:\d{2}$/);

    await registrarButton(page).click();
    const registrar = page.getByRole("dialog", { name: "Registrar ocorrência" });
    const condominio = registrar.getByRole("combobox", { name: "Condomínio" });
    await chooseByKeyboard(page, condominio, "Condomínio Bosque", "Condomínio B");
    // The units offered are the chosen condominium's, though Carla holds only the book's permission.
    await registrar.getByRole("combobox", { name: "Unidade" }).fill("101");
    await registrar.getByRole("option", { name: "101", exact: true }).waitFor();
    expect(await registrar.getByRole("option").allTextContents()).toEqual(["101"]);
    await page.keyboard.press("Enter");
    await registrar.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Manutenção", exact: true }).click();
    await registrar.getByRole("textbox", { name: "Título" }).fill("Interfone do Bosque mudo");
    await axeWhenDrawn(page);
    await registrar.getByRole("button", { name: "Registrar", exact: true }).click();
    await expectToast(page, LIVRO_TEXTOS.ocorrenciaRegistrada);
    await expect.poll(() => rowOf(page, "Interfone do Bosque mudo").textContent()).toContain("Condomínio Bosque");
    expect(await rowOf(page, "Interfone do Bosque mudo").textContent()).toContain("101");
    await context.close();
  });
});
