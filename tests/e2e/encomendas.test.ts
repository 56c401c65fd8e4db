import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idCurto } from "../../src/shared/schemas/encomendas";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, moradorContas, moradores, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Encomendas (gate-operation-spec §4, issue 30's acceptance): an operator receives a stack of
// parcels for two units from the keyboard alone, the resident sees them with the pickup code in
// the Área do Morador, the operator hands them out with that code; a wrong code is refused, five
// lock the unit's codes and the pickup then checks a document; the list shows who took each one.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { aurora: "", a101: "", a102: "" };

const OPERADORA = { email: "olga.encomendas@teste.local", password: "senha-da-olga-1", nome: "Olga Operadora" };
const SINDICO = { email: "saulo.encomendas@teste.local", password: "senha-do-saulo-1", nome: "Saulo Síndico" };
const ANA = { nome: "Ana Souza", email: "ana.encomendas@teste.local", senha: "senha-da-ana-123" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  ids.aurora = aurora!.id;
  const [a101, a102] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "102" },
      { condominio_id: aurora!.id, bloco: "B", numero_unidade: "101" },
      { condominio_id: bosque!.id, numero_unidade: "101" },
    ])
    .returning();
  ids.a101 = a101!.id;
  ids.a102 = a102!.id;
  const [ana] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: ANA.nome, email: ANA.email, tipo_morador: "proprietario" },
      { unidade_id: a102!.id, nome_completo: "Bruno Lima", tipo_morador: "inquilino" },
    ])
    .returning();
  const conta = await createAuthUser(portal.portal.auth, { email: ANA.email, name: ANA.nome, password: ANA.senha });
  await db.insert(moradorContas).values({ morador_id: ana!.id, auth_user_id: conta.id, status: "ativo", email: ANA.email, ativado_em: new Date() });
  // The units' pick-list is the gate's (registrar_acesso_visitante), which every operator holds.
  await createPortariaUser(portal, {
    ...OPERADORA,
    grupo: { nome: "Portaria", permissions: ["gerenciar_encomendas", "registrar_acesso_visitante"] },
    condominioIds: [aurora!.id],
  });
  await createPortariaUser(portal, { ...SINDICO, grupo: { nome: "Síndicos", permissions: ["visualizar_encomendas"] }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function expectFocusOn(_page: Page, locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { message: `focus: ${String(locator)}` }).toBe(true);
}

/** A Radix select from the keyboard: open it, type the option's name, Enter. */
async function chooseByKeyboard(page: Page, option: string) {
  await page.keyboard.press("Space");
  await page.getByRole("option", { name: option, exact: true }).waitFor();
  // The list takes the focus once drawn, and the typed letters move it a moment later (Radix's
  // typeahead focuses on a timer): Enter once the option is highlighted, as a person would.
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "option");
  await page.keyboard.type(option);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(option);
  await page.keyboard.press("Enter");
  await page.getByRole("listbox").waitFor({ state: "detached" });
  // Closed, the list gives the focus back to its field (on a timer too): Tab goes on from there.
  await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
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

const rowOf = (page: Page, text: string) => page.getByRole("table", { name: "Encomendas" }).getByRole("row").filter({ hasText: text });

describe("Encomendas", () => {
  it("receives a stack from the keyboard, hands it out with the resident's code, refuses wrong codes and locks after five", async () => {
    const { page } = await browser.newPage();
    await login(page, portal.url, OPERADORA.email, OPERADORA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Encomendas" }).first().click();
    await page.waitForURL(`${portal.url}/portaria-web/encomendas`);
    await page.getByRole("heading", { level: 1, name: "Encomendas" }).waitFor();
    await page.getByText("Nenhuma encomenda aguardando").waitFor();
    await expectNoA11yViolations(page);

    // ── Three parcels for two units, without the mouse. ──
    await page.getByRole("button", { name: "Receber encomenda", exact: true }).press("Enter");
    const dialog = page.getByRole("dialog", { name: "Receber encomenda" });
    await dialog.waitFor();
    const unidade = dialog.getByRole("combobox", { name: "Unidade" });
    // She serves one condominium: the unit takes the focus at once.
    await expectFocusOn(page, unidade);
    await expectNoA11yViolations(page);
    // 'Recebimento em lote' sits just before it.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expectFocusOn(page, dialog.getByRole("switch", { name: "Recebimento em lote" }));
    await page.keyboard.press("Space");
    expect(await dialog.getByRole("switch", { name: "Recebimento em lote" }).getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectFocusOn(page, unidade);

    // 1: "A 101" (not B 101), the list's first match taken with Enter; every field; Enter in the last saves.
    await page.keyboard.type("A 101");
    await dialog.getByRole("option", { name: "Bloco A - 101" }).waitFor();
    expect(await dialog.getByRole("option").allTextContents()).toEqual(["Bloco A - 101"]);
    await page.keyboard.press("Enter");
    expect(await unidade.inputValue()).toBe("Bloco A - 101");
    await page.keyboard.press("Tab");
    await page.keyboard.type(ANA.nome);
    await page.keyboard.press("Tab");
    await expectFocusOn(page, dialog.getByRole("combobox", { name: "Transportadora" }));
    await chooseByKeyboard(page, "Correios");
    await page.keyboard.press("Tab");
    await expectFocusOn(page, dialog.getByRole("combobox", { name: "Tipo" }));
    await chooseByKeyboard(page, "Caixa");
    await page.keyboard.press("Tab");
    await page.keyboard.type("BR123456789BR");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Prateleira 1");
    await page.keyboard.press("Tab");
    await expectFocusOn(page, dialog.getByRole("textbox", { name: "Observação" }));
    await page.keyboard.type("Caixa amassada");
    await page.keyboard.press("Enter");
    await expect.poll(() => toastLocator(page).textContent()).toContain("Encomenda registrada");
    // The form stays, keeps carrier, type and shelf, clears the rest, and the unit has the focus.
    await expectFocusOn(page, unidade);
    expect(await unidade.inputValue()).toBe("");
    expect(await dialog.getByRole("combobox", { name: "Destinatário" }).inputValue()).toBe("");
    expect(await dialog.getByRole("textbox", { name: "Código de rastreio" }).inputValue()).toBe("");
    expect(await dialog.getByRole("combobox", { name: "Transportadora" }).textContent()).toBe("Correios");
    expect(await dialog.getByRole("combobox", { name: "Tipo" }).textContent()).toBe("Caixa");
    expect(await dialog.getByRole("textbox", { name: "Local de armazenamento" }).inputValue()).toBe("Prateleira 1");

    // 2: the same unit typed as "101" (its block's exact number comes first), a typed name; Enter saves.
    await page.keyboard.type("101");
    await dialog.getByRole("option", { name: "Bloco A - 101" }).waitFor();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Carlos Souza");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectFocusOn(page, dialog.getByRole("textbox", { name: "Código de rastreio" }));
    await page.keyboard.type("ML-998877");
    await page.keyboard.press("Enter");
    await expect.poll(() => unidade.inputValue()).toBe("");
    await expectFocusOn(page, unidade);

    // 3: the other unit, picked with the arrows.
    await page.keyboard.type("10");
    await dialog.getByRole("option", { name: "Bloco A - 102" }).waitFor();
    expect(await dialog.getByRole("option").allTextContents()).toEqual(["Bloco A - 101", "Bloco A - 102", "Bloco B - 101"]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await unidade.inputValue()).toBe("Bloco A - 102");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Bruno Lima");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("LB000111222");
    await page.keyboard.press("Enter");
    await expect.poll(() => unidade.inputValue()).toBe("");
    await closeWithEscape(page, dialog);

    // The list: three waiting, with their unit, addressee, carrier and how long they wait.
    await expect.poll(() => page.getByRole("table", { name: "Encomendas" }).getByRole("row").count()).toBe(4);
    const ana = rowOf(page, ANA.nome);
    expect(await ana.textContent()).toContain("Bloco A - 101");
    expect(await ana.textContent()).toContain("Correios");
    expect(await ana.textContent()).toContain("Caixa");
    expect(await ana.textContent()).toContain("Prateleira 1");
    expect(await ana.textContent()).toContain("Aguardando desde hoje");
    expect(await rowOf(page, "Carlos Souza").textContent()).toContain("Bloco A - 101");
    expect(await rowOf(page, "Bruno Lima").textContent()).toContain("Bloco A - 102");

    // The shelf label, printed from the browser: the unit, the short id and the date; nothing else on paper.
    await page.evaluate(() => {
      (window as unknown as { impressoes: number }).impressoes = 0;
      window.print = () => void (window as unknown as { impressoes: number }).impressoes++;
    });
    const linhaBruno = rowOf(page, "Bruno Lima");
    const brunoId = (await linhaBruno.getAttribute("data-testid"))!.replace("encomenda-", "");
    await linhaBruno.getByRole("button", { name: "Imprimir etiqueta da encomenda de Bruno Lima (Bloco A - 102)" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { impressoes: number }).impressoes)).toBe(1);
    const etiqueta = page.getByTestId("etiqueta-encomenda");
    expect(await etiqueta.isVisible()).toBe(false);
    await page.emulateMedia({ media: "print" });
    expect(await etiqueta.isVisible()).toBe(true);
    expect(await etiqueta.textContent()).toContain("Bloco A - 102");
    expect(await etiqueta.textContent()).toContain(idCurto(brunoId));
    expect(await page.getByRole("heading", { level: 1, name: "Encomendas" }).isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await etiqueta.waitFor({ state: "detached" });

    // ── The resident sees her two parcels with their codes in the Área do Morador. ──
    const celular = await browser.newPage({ mobile: true });
    await login(celular.page, portal.url, ANA.email, ANA.senha);
    await celular.page.waitForURL(`${portal.url}/morador`);
    const resposta = await celular.context.request.get(`${portal.url}/api/morador/unidades/${ids.a101}/encomendas`);
    expect(resposta.status()).toBe(200);
    const { aguardando } = (await resposta.json()) as { aguardando: { codigo: string; destinatario_nome: string }[] };
    expect(aguardando.map((e) => e.destinatario_nome).sort()).toEqual(["Ana Souza", "Carlos Souza"]);
    const codigoDaAna = aguardando.find((e) => e.destinatario_nome === ANA.nome)!.codigo;
    expect(codigoDaAna).toMatch(/^\d{6}$/);
    await celular.page.goto(`${portal.url}/morador/encomendas`);
    await expect.poll(() => celular.page.getByTestId("encomenda-aguardando").count()).toBe(2);
    expect(await celular.page.getByTestId("codigo-retirada").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(codigoDaAna.split("").join(" "))]),
    );
    await celular.context.close();

    // ── Pickup: a wrong code is refused on the field. ──
    await page.getByRole("button", { name: "Entregar encomenda", exact: true }).click();
    const entregar = page.getByRole("dialog", { name: "Entregar encomenda" });
    await entregar.waitFor();
    const unidadeEntrega = entregar.getByRole("combobox", { name: "Unidade" });
    await expectFocusOn(page, unidadeEntrega);
    await page.keyboard.type("A 101");
    await entregar.getByRole("option", { name: "Bloco A - 101" }).waitFor();
    await page.keyboard.press("Enter");
    const codigo = entregar.getByRole("textbox", { name: "Código de retirada" });
    const errado = codigoDaAna === "000000" ? "111111" : "000000";
    await codigo.fill(errado);
    await page.keyboard.press("Enter");
    await entregar.getByText("Código de retirada inválido.").waitFor();
    expect(await codigo.getAttribute("aria-invalid")).toBe("true");
    await expectNoA11yViolations(page);

    // The resident's code: both of the unit's parcels, checked; 'Retirada por' her name.
    await codigo.fill(codigoDaAna);
    await page.keyboard.press("Enter");
    const lista = entregar.getByRole("group", { name: /Encomendas de Bloco A - 101/ });
    await lista.waitFor();
    expect(await lista.getByRole("checkbox").count()).toBe(2);
    for (const checkbox of await lista.getByRole("checkbox").all()) expect(await checkbox.getAttribute("aria-checked")).toBe("true");
    expect(await entregar.getByRole("textbox", { name: "Retirada por" }).inputValue()).toBe(ANA.nome);
    await expectNoA11yViolations(page);
    await entregar.getByRole("button", { name: "Entregar", exact: true }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Encomenda entregue");
    await entregar.waitFor({ state: "detached" });
    await expect.poll(() => page.getByRole("table", { name: "Encomendas" }).getByRole("row").count()).toBe(2);

    // ── Five wrong codes for the other unit lock its codes; the document pickup still works. ──
    await linhaBruno.getByRole("button", { name: "Entregar encomenda de Bruno Lima (Bloco A - 102)" }).click();
    await entregar.waitFor();
    expect(await unidadeEntrega.inputValue()).toBe("Bloco A - 102");
    await expectFocusOn(page, codigo);
    for (const tentativa of ["000001", "000002", "000003", "000004", "000005"]) {
      await codigo.fill(tentativa);
      await page.keyboard.press("Enter");
      await expect.poll(() => codigo.getAttribute("aria-invalid")).toBe("true");
      await entregar.getByText("Código de retirada inválido.").waitFor();
      await expect.poll(() => entregar.getByRole("button", { name: "Conferir" }).isEnabled()).toBe(true);
    }
    await codigo.fill("000006");
    await page.keyboard.press("Enter");
    const bloqueado = entregar.getByRole("alert");
    await bloqueado.waitFor();
    expect(await bloqueado.textContent()).toBe(
      "Códigos de retirada desta unidade bloqueados por 10 minutos após 5 tentativas erradas. Entregue conferindo um documento.",
    );
    const porDocumento = entregar.getByRole("button", { name: "Entregar conferindo documento" });
    await expectFocusOn(page, porDocumento);
    await expectNoA11yViolations(page);
    await page.keyboard.press("Enter");
    const doBruno = entregar.getByRole("group", { name: /Encomendas de Bloco A - 102/ });
    await doBruno.waitFor();
    expect(await doBruno.getByRole("checkbox").count()).toBe(1);
    expect(await entregar.getByRole("textbox", { name: "Retirada por" }).inputValue()).toBe("Bruno Lima");
    // Without the document the form says so.
    await entregar.getByRole("button", { name: "Entregar", exact: true }).click();
    await entregar.getByText("Informe o documento de quem retira.").waitFor();
    await entregar.getByRole("textbox", { name: "Retirada por" }).fill("Marta Lima");
    await entregar.getByRole("textbox", { name: "Documento" }).fill("MG1234567");
    await entregar.getByRole("button", { name: "Entregar", exact: true }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Encomenda entregue");
    await entregar.waitFor({ state: "detached" });
    await page.getByText("Nenhuma encomenda aguardando").waitFor();

    // ── The handed-out parcels show who took them, how and by whom. ──
    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Retirada", exact: true }).click();
    await expect.poll(() => page.getByRole("table", { name: "Encomendas" }).getByRole("row").count()).toBe(4);
    const retiradaAna = await rowOf(page, ANA.nome).filter({ hasNotText: "Carlos Souza" }).textContent();
    expect(retiradaAna).toContain(`Retirada por ${ANA.nome}`);
    expect(retiradaAna).toContain("Código de retirada");
    expect(retiradaAna).toContain(`por ${OPERADORA.nome}`);
    expect(await rowOf(page, "Carlos Souza").textContent()).toContain(`Retirada por ${ANA.nome}`);
    const retiradaBruno = await rowOf(page, "Bruno Lima").textContent();
    expect(retiradaBruno).toContain("Retirada por Marta Lima");
    expect(retiradaBruno).toContain("Documento conferido");

    // The detail: the custody events, in order.
    await rowOf(page, "Bruno Lima")
      .getByRole("button", { name: /^Detalhes/ })
      .click();
    const detalhe = page.getByRole("dialog", { name: /^Encomenda / });
    const eventos = detalhe.getByRole("list", { name: "Eventos de custódia" });
    await eventos.getByRole("listitem").nth(1).waitFor();
    const tipos = (await eventos.getByRole("listitem").allTextContents()).map((t) => t.split(" · ")[0]);
    expect(tipos[0]).toBe("Recebida");
    expect(tipos.at(-1)).toBe("Retirada");
    expect(await detalhe.textContent()).toContain("MG1234567");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
  });

  it("shows the síndico the list and the painel's card, with no actions; a phone gets cards", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await login(page, portal.url, SINDICO.email, SINDICO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    // One parcel waiting, received by the operator's API meanwhile.
    const operadora = await browser.newPage();
    await login(operadora.page, portal.url, OPERADORA.email, OPERADORA.password);
    await operadora.page.waitForURL(`${portal.url}/portaria-web`);
    const criada = await operadora.context.request.post(`${portal.url}/api/encomendas`, {
      data: { condominio_id: ids.aurora, unidade_id: ids.a102, destinatario_nome: "Bruno Lima", transportadora: "shopee", tipo: "envelope" },
      headers: { origin: portal.url },
    });
    expect(criada.status()).toBe(201);
    await operadora.context.close();

    // The painel's card: the condominium, its count, and the way to its list.
    await page.reload();
    const card = page.getByRole("region", { name: "Encomendas aguardando" });
    await card.getByText("Residencial Aurora").waitFor();
    expect(await card.textContent()).toContain("1 encomenda");
    expect(await card.textContent()).toContain("Aguardando desde hoje");
    await card.getByRole("link", { name: /Residencial Aurora/ }).click();
    await page.waitForURL(`${portal.url}/portaria-web/encomendas?condominio=${ids.aurora}`);
    const cards = page.getByRole("list", { name: "Encomendas" });
    await cards.getByRole("listitem").filter({ hasText: "Bruno Lima" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Residencial Aurora");
    expect(await cards.textContent()).toContain("Shopee");
    expect(await page.getByRole("button", { name: "Receber encomenda", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Entregar encomenda", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Devolver/ }).count()).toBe(0);
    // The unit filter lists his condominium's units with the parcels' permission alone, without an error.
    await page.getByRole("combobox", { name: "Unidade" }).waitFor();
    expect(await toastLocator(page).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(page);
    await context.close();
  });
  it("takes the unit and code from a QR typed by a USB reader, and sends a parcel back with its reason", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, OPERADORA.email, OPERADORA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    const criada = await context.request.post(`${portal.url}/api/encomendas`, {
      data: { condominio_id: ids.aurora, unidade_id: ids.a101, destinatario_nome: ANA.nome, transportadora: "amazon", tipo: "pacote" },
      headers: { origin: portal.url },
    });
    expect(criada.status()).toBe(201);

    // The QR the resident's app shows for it.
    const celular = await browser.newPage({ mobile: true });
    await login(celular.page, portal.url, ANA.email, ANA.senha);
    await celular.page.waitForURL(`${portal.url}/morador`);
    const resposta = await celular.context.request.get(`${portal.url}/api/morador/unidades/${ids.a101}/encomendas`);
    const { aguardando } = (await resposta.json()) as { aguardando: { qr: string }[] };
    expect(aguardando).toHaveLength(1);
    const qr = aguardando[0]!.qr;
    await celular.context.close();

    // A tablet: the reader types the payload and its Enter into the code field; the unit comes with it.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`${portal.url}/portaria-web/encomendas`);
    await page.getByRole("list", { name: "Encomendas" }).getByRole("listitem").filter({ hasText: "Amazon" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Entregar encomenda", exact: true }).click();
    const entregar = page.getByRole("dialog", { name: "Entregar encomenda" });
    const codigo = entregar.getByRole("textbox", { name: "Código de retirada" });
    await codigo.focus();
    await page.keyboard.type(qr);
    await page.keyboard.press("Enter");
    const lista = entregar.getByRole("group", { name: /Encomendas de Bloco A - 101/ });
    await lista.waitFor();
    expect(await entregar.getByRole("textbox", { name: "Retirada por" }).inputValue()).toBe(ANA.nome);
    await entregar.getByRole("button", { name: "Entregar", exact: true }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Encomenda entregue");
    await entregar.waitFor({ state: "detached" });

    // 'Devolver ao remetente': the reason is required, then kept with the parcel.
    const shopee = page.getByRole("list", { name: "Encomendas" }).getByRole("listitem").filter({ hasText: "Shopee" });
    await shopee.getByRole("button", { name: "Devolver ao remetente a encomenda de Bruno Lima (Bloco A - 102)" }).click();
    const devolver = page.getByRole("dialog", { name: "Devolver ao remetente" });
    await devolver.getByRole("button", { name: "Devolver", exact: true }).click();
    await devolver.getByText("Informe o motivo da devolução.").waitFor();
    await expectNoA11yViolations(page);
    await devolver.getByRole("textbox", { name: "Motivo" }).fill("Destinatário mudou-se");
    await devolver.getByRole("button", { name: "Devolver", exact: true }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Encomenda devolvida");
    await page.getByText("Nenhuma encomenda aguardando").waitFor();

    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Todas", exact: true }).click();
    const todas = page.getByRole("list", { name: "Encomendas" });
    await expect.poll(() => todas.getByRole("listitem").count()).toBe(5);
    expect(await todas.getByRole("listitem").filter({ hasText: "Amazon" }).textContent()).toContain("QR code do morador");
    expect(await todas.getByRole("listitem").filter({ hasText: "Shopee" }).textContent()).toContain("Devolvida: Destinatário mudou-se");
    await context.close();
  });
});
