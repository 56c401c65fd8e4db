import type { Locator, Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatusEncomenda, Transportadora } from "@shared/schemas/encomendas";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, encomendas, moradorContas, moradores, unidades } from "../../src/server/db/schema";
import { cofreDeCodigos } from "../../src/server/modules/encomendas/codigo";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The Área do Morador's Encomendas (gate-operation-spec §3.2, §4), on a 390 px phone: parcels
// received at the gate for the resident's unit show on Início (carrier, how long they wait, the
// pickup code) and on Encomendas (the code big, its QR, which enlarges on a tap), with the one
// handed out; a parcel of the neighbour's unit never shows; the porteiro hands them out with the
// codes the phone shows. Today's parcel is received through the gate's API; the older ones (whose
// times the API cannot set) are written as the gate's module writes them: the code hashed for the
// unit and encrypted under the portal's chain key.

let portal: RunningPortal;
let browser: BrowserHandle;
let celular: Page;
let portaria: Awaited<ReturnType<BrowserHandle["newPage"]>>;
const PORTEIRO = { email: "jair.encomendas@teste.local", password: "senha-do-jair-42", nome: "Jair Porteiro" };
const MORADORA = { nome: "Beatriz Nogueira Prado", email: "beatriz.encomendas@teste.local", senha: "Jabuticaba-Doce#4418" };
const ids = { condominio: "", unidade: "", vizinha: "" };
const DIA = 86_400_000;
const codigos: Record<string, string> = {};

/** A parcel as the gate received it `diasAtras` ago (and handed out, when `status` says so). */
async function receber(nome: string, p: { unidade?: string; transportadora: Transportadora; diasAtras: number; status?: StatusEncomenda }) {
  const cofre = cofreDeCodigos(portal.portal.cadeia.chave);
  const id = crypto.randomUUID();
  const unidade = p.unidade ?? ids.unidade;
  const codigo = cofre.gerar();
  const recebida = new Date(Date.now() - p.diasAtras * DIA);
  await portal.database.db.insert(encomendas).values({
    id,
    condominio_id: ids.condominio,
    unidade_id: unidade,
    destinatario_nome: nome,
    transportadora: p.transportadora,
    tipo: "caixa",
    status: p.status ?? "aguardando",
    recebida_em: recebida,
    recebida_por_nome: "Porteiro Jair",
    local_armazenamento: "Armário 2",
    codigo_retirada_hash: cofre.hash(unidade, codigo),
    codigo_retirada_cifrado: cofre.cifrar(id, codigo),
    ...(p.status === "retirada"
      ? { retirada_em: new Date(recebida.getTime() + DIA / 2), retirada_por_nome: nome, retirada_forma: "codigo" as const, entregue_por_nome: "Porteiro Jair" }
      : {}),
  });
  codigos[nome] = codigo;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Ipê Amarelo" }).returning({ id: condominios.id });
  ids.condominio = condominio!.id;
  const [minha, vizinha] = await db
    .insert(unidades)
    .values([
      { condominio_id: ids.condominio, bloco: "C", numero_unidade: "72" },
      { condominio_id: ids.condominio, bloco: "C", numero_unidade: "73" },
    ])
    .returning({ id: unidades.id });
  ids.unidade = minha!.id;
  ids.vizinha = vizinha!.id;
  const [morador] = await db
    .insert(moradores)
    .values({ unidade_id: ids.unidade, nome_completo: MORADORA.nome, email: MORADORA.email, tipo_morador: "proprietario" })
    .returning({ id: moradores.id });
  const authUser = await createAuthUser(portal.portal.auth, { email: MORADORA.email, name: MORADORA.nome, password: MORADORA.senha });
  await db.insert(moradorContas).values({ morador_id: morador!.id, auth_user_id: authUser.id, status: "ativo", email: MORADORA.email, ativado_em: new Date() });
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Portaria", permissions: ["gerenciar_encomendas"] }, condominioIds: [ids.condominio] });

  await receber("Beatriz Mercado", { transportadora: "mercado_livre", diasAtras: 5 });
  await receber("Beatriz Retirou", { transportadora: "correios", diasAtras: 3, status: "retirada" });
  await receber("Vizinho Ventura", { unidade: ids.vizinha, transportadora: "amazon", diasAtras: 1 });
  // Today's, at the gate.
  portaria = await browser.newPage();
  await login(portaria.page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await portaria.page.waitForURL(`${portal.url}/portaria-web`);
  const recebida = await portaria.context.request.post(`${portal.url}/api/encomendas`, {
    headers: { origin: portal.url },
    data: {
      condominio_id: ids.condominio,
      unidade_id: ids.unidade,
      morador_id: morador!.id,
      destinatario_nome: MORADORA.nome,
      transportadora: "shopee",
      tipo: "caixa",
    },
  });
  expect(recebida.status(), await recebida.text()).toBe(201);

  ({ page: celular } = await browser.newPage({ mobile: true }));
  await login(celular, portal.url, MORADORA.email, MORADORA.senha);
  await celular.waitForURL(`${portal.url}/morador`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const semRolagemLateral = () => celular.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** The code as the screen shows it, without the space between its two groups. */
const codigoNaTela = async (onde: Locator) => ((await onde.getByTestId("codigo-retirada").locator("[aria-hidden]").textContent()) ?? "").replace(/\s/g, "");

describe("a resident's parcels on the phone", () => {
  it("shows the waiting parcels on Início with how long they wait and their codes, and none of the neighbour's", async () => {
    const secao = celular.getByRole("region", { name: "Encomendas aguardando" });
    const itens = secao.getByTestId("resumo-encomenda");
    await expect.poll(() => itens.count()).toBe(2);
    // The oldest first: Mercado Livre for 5 days, then today's Shopee.
    expect(await itens.nth(0).textContent()).toContain("Mercado Livre");
    expect(await itens.nth(0).getByTestId("aguardando-ha").textContent()).toBe("Aguardando há 5 dias");
    expect(await codigoNaTela(itens.nth(0))).toBe(codigos["Beatriz Mercado"]);
    expect(await itens.nth(1).textContent()).toContain("Shopee");
    expect(await itens.nth(1).getByTestId("aguardando-ha").textContent()).toBe("Aguardando desde hoje");
    codigos.shopee = await codigoNaTela(itens.nth(1));
    expect(codigos.shopee).toMatch(/^\d{6}$/);
    // A screen reader hears the code digit by digit.
    expect(await itens.nth(1).getByTestId("codigo-retirada").textContent()).toContain(`Código de retirada ${codigos.shopee!.split("").join(" ")}`);
    expect(await celular.getByText("Amazon").count()).toBe(0);
    expect(await celular.locator("body").textContent()).not.toContain(codigos["Vizinho Ventura"]);
    // §3.2's order: requests to answer, then parcels, then who is inside now.
    expect(await celular.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      "Aguardando sua resposta",
      "Encomendas aguardando",
      "Visitantes na unidade agora",
    ]);
    expect(await semRolagemLateral()).toBe(true);
    await expectNoA11yViolations(celular);
  });

  it("shows each waiting parcel on Encomendas with its code and QR, enlarged on a tap, and the one picked up", async () => {
    await celular.getByRole("link", { name: "Ver encomendas e QR Codes" }).click();
    await celular.waitForURL(`${portal.url}/morador/encomendas`);
    await celular.getByRole("heading", { level: 1, name: "Encomendas" }).waitFor();
    const nav = celular.getByRole("navigation", { name: "Seções da Área do Morador" });
    expect(await nav.getByRole("link", { name: "Encomendas" }).getAttribute("aria-current")).toBe("page");

    const cartoes = celular.getByTestId("encomenda-aguardando");
    await expect.poll(() => cartoes.count()).toBe(2);
    const mercado = cartoes.filter({ hasText: "Mercado Livre" });
    expect(await mercado.getByRole("heading", { level: 3 }).textContent()).toBe("Mercado Livre · Caixa");
    await mercado.getByText("Para Beatriz Mercado").waitFor();
    await mercado.getByText(/^Chegou em \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor();
    expect(await mercado.getByTestId("aguardando-ha").textContent()).toBe("Aguardando há 5 dias");
    expect(await codigoNaTela(mercado)).toBe(codigos["Beatriz Mercado"]);
    const qr = mercado.getByRole("img", { name: "QR Code de retirada da encomenda Mercado Livre · Caixa" });
    await qr.waitFor();
    expect(await qr.locator("path").count()).toBeGreaterThan(1);
    // The gate's own notes stay at the gate.
    expect(await celular.getByText("Armário 2").count()).toBe(0);

    const encerrada = celular.getByTestId("encomenda-encerrada");
    await encerrada.getByText(/^Retirada por Beatriz Retirou em \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor();
    expect(await encerrada.count()).toBe(1);
    expect(await celular.locator("body").textContent()).not.toContain("Vizinho Ventura");
    expect(await semRolagemLateral()).toBe(true);
    await expectNoA11yViolations(celular);

    // A tap enlarges the QR for the porteiro's camera; the code comes along; Escape closes it.
    const pequeno = (await qr.boundingBox())!.width;
    await mercado.getByRole("button", { name: "Ampliar QR Code de Mercado Livre · Caixa" }).click();
    const dialogo = celular.getByRole("dialog", { name: "Mercado Livre · Caixa" });
    const grande = dialogo.getByRole("img", { name: "QR Code de retirada da encomenda Mercado Livre · Caixa" });
    await grande.waitFor();
    expect((await grande.boundingBox())!.width).toBeGreaterThan(pequeno);
    expect(await codigoNaTela(dialogo)).toBe(codigos["Beatriz Mercado"]);
    await expectNoA11yViolations(celular);
    await celular.keyboard.press("Escape");
    await expect.poll(() => dialogo.count()).toBe(0);

    // The narrowest phone of §3.2, and a tablet.
    await celular.setViewportSize({ width: 360, height: 740 });
    expect(await semRolagemLateral()).toBe(true);
    await celular.setViewportSize({ width: 820, height: 1180 });
    expect(await semRolagemLateral()).toBe(true);
    await expectNoA11yViolations(celular);
    await celular.setViewportSize({ width: 390, height: 844 });
  });

  it("is handed out at the gate with the codes the phone shows; then nothing waits, and the neighbour's parcel is still not mine", async () => {
    const aguardando = await portal.database.db
      .select({ id: encomendas.id, transportadora: encomendas.transportadora })
      .from(encomendas)
      .where(and(eq(encomendas.unidade_id, ids.unidade), eq(encomendas.status, "aguardando")));
    expect(aguardando).toHaveLength(2);
    for (const e of aguardando) {
      const entregue = await portaria.context.request.post(`${portal.url}/api/encomendas/retirada`, {
        headers: { origin: portal.url },
        data: {
          unidade_id: ids.unidade,
          encomenda_ids: [e.id],
          forma: "codigo",
          codigo: e.transportadora === "shopee" ? codigos.shopee : codigos["Beatriz Mercado"],
          retirada_por_nome: MORADORA.nome,
          // One of them is addressed to another name: she shows her document, as the gate asks.
          retirada_por_documento: "RG4455667",
        },
      });
      expect(entregue.status(), await entregue.text()).toBe(200);
    }
    await celular.reload();
    await celular.getByRole("heading", { level: 1, name: "Encomendas" }).waitFor();
    await celular.getByText("Nenhuma encomenda aguardando", { exact: true }).waitFor();
    await expect.poll(() => celular.getByTestId("encomenda-encerrada").count()).toBe(3);
    // The newest end first: who took it, and when.
    expect(await celular.getByTestId("encomenda-encerrada").first().textContent()).toMatch(
      /Retirada por Beatriz Nogueira Prado em \d\d\/\d\d\/\d{4} \d\d:\d\d/,
    );
    expect(await celular.locator("body").textContent()).not.toContain("Vizinho Ventura");
    await expectNoA11yViolations(celular);
  });
});
