import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, moradorContas, moradores, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, startSmtpServer, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The Área do Morador (gate-operation-spec §3.1–3.2), in a real browser: the unit's manager
// invites a resident from the unit page; the resident opens the e-mailed link on a phone, creates
// a password, signs in at /login and lands on 'Início'. A resident of two units switches between them.

let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const GESTOR = { email: "gestor.morador@teste.local", password: "senha-do-gestor-29", nome: "Gestor das Contas" };
const HELENA = { nome: "Helena Convidada", email: "helena.morador@teste.local", senha: "Girassol-Azul#8391" };
const DUAS = { nome: "Rafael Duas Casas", email: "rafael.duas@teste.local", senha: "Mangueira-Roxa#5172" };
const ids = { unidade: "" };

/** The text of what describes `control` (its aria-describedby), e.g. a hint or an error under a field. */
async function descriptionOf(page: Page, control: Locator): Promise<string> {
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ").trim();
}

/** No sideways scrolling: the page fits the phone's width. */
async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  const db = portal.database.db;

  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Jardim das Flores" }).returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "B", numero_unidade: "203" }).returning({ id: unidades.id });
  ids.unidade = unidade!.id;
  await db.insert(moradores).values([
    { unidade_id: unidade!.id, nome_completo: HELENA.nome, email: HELENA.email, tipo_morador: "proprietario" },
    { unidade_id: unidade!.id, nome_completo: "Otávio Sem Email", tipo_morador: "inquilino" },
  ]);
  await createPortariaUser(portal, { ...GESTOR, grupo: { nome: "Gestão de moradores", permissions: ["visualizar_unidades", "gerenciar_moradores_unidade"] } });

  // A resident of two units (two condominiums), with active accounts in both.
  const doisCondominios = await db
    .insert(condominios)
    .values([{ nome: "Edifício Aurora" }, { nome: "Residencial Bosque" }])
    .returning({ id: condominios.id });
  const duasUnidades = await db
    .insert(unidades)
    .values([
      { condominio_id: doisCondominios[0]!.id, bloco: "A", numero_unidade: "11" },
      { condominio_id: doisCondominios[1]!.id, numero_unidade: "7" },
    ])
    .returning({ id: unidades.id });
  const registros = await db
    .insert(moradores)
    .values(duasUnidades.map((u) => ({ unidade_id: u.id, nome_completo: DUAS.nome, email: DUAS.email, tipo_morador: "proprietario" as const })))
    .returning({ id: moradores.id });
  const authUser = await createAuthUser(portal.portal.auth, { email: DUAS.email, name: DUAS.nome, password: DUAS.senha });
  await db
    .insert(moradorContas)
    .values(registros.map((m) => ({ morador_id: m.id, auth_user_id: authUser.id, status: "ativo" as const, email: DUAS.email, ativado_em: new Date() })));
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

describe("Área do Morador", () => {
  it("the manager invites from the unit page; the resident creates a password on a phone, signs in and lands on Início", async () => {
    // The unit page: the resident without an e-mail cannot be invited, and says why.
    const gestor = await browser.newPage();
    await login(gestor.page, portal.url, GESTOR.email, GESTOR.password);
    await gestor.page.waitForURL(`${portal.url}/portaria-web`);
    await gestor.page.goto(`${portal.url}/portaria-web/unidades/editar/${ids.unidade}`);
    const section = gestor.page.getByTestId("moradores-section");
    const otavio = section.getByRole("article", { name: "Otávio Sem Email" });
    const semEmail = otavio.getByRole("button", { name: "Convidar para a Área do Morador: Otávio Sem Email" });
    await semEmail.waitFor();
    expect(await semEmail.getAttribute("aria-disabled")).toBe("true");
    expect(await descriptionOf(gestor.page, semEmail)).toBe("Cadastre o email do morador para convidá-lo.");
    await otavio.getByText("Cadastre o email do morador para convidá-lo.").waitFor();
    // Reachable from the keyboard (a disabled button would not be), and pressing it does nothing.
    await semEmail.focus();
    expect(await semEmail.evaluate((button) => document.activeElement === button)).toBe(true);
    await gestor.page.keyboard.press("Enter");
    expect(await otavio.getByTestId("conta-morador").count()).toBe(0);

    // The resident with an e-mail: invited; the toast, then the 'Convidado' badge.
    const helena = section.getByRole("article", { name: HELENA.nome });
    expect(await helena.getByTestId("conta-morador").count()).toBe(0);
    await helena.getByRole("button", { name: `Convidar para a Área do Morador: ${HELENA.nome}` }).click();
    await expect.poll(() => toastLocator(gestor.page).textContent()).toContain("Convite enviado");
    expect(await toastLocator(gestor.page).textContent()).toContain(`O morador recebe em ${HELENA.email} o link para criar a senha (vale 7 dias).`);
    await expect.poll(() => helena.getByTestId("conta-morador").textContent()).toBe("Área do Morador: Convidado");
    await expectNoA11yViolations(gestor.page);

    // The e-mail's link, opened on a phone (390 × 844) in another browser context.
    const mail = await smtp.waitFor(HELENA.email);
    const link = mail.text.match(/https?:\/\/\S+token=\S+/)?.[0];
    expect(link?.startsWith(`${portal.url}/morador/convite?token=`)).toBe(true);
    const celular = await browser.newPage({ mobile: true });
    const page = celular.page;
    await page.goto(link!);
    await page.getByText(`Olá, ${HELENA.nome}.`).waitFor();
    const unidadeDoConvite = await page.getByTestId("convite-unidade").textContent();
    expect(unidadeDoConvite).toContain("Residencial Jardim das Flores");
    expect(unidadeDoConvite).toContain("Bloco B · 203");
    await page.getByRole("heading", { name: "Crie sua senha" }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/morador.webmanifest");
    await expectNoA11yViolations(page);
    await expectNoHorizontalScroll(page);

    // A weak password: the server's message under 'Nova senha'. (The labels end in the required mark.)
    const novaSenha = page.getByLabel(/^Nova senha/);
    await novaSenha.fill("helena123");
    await page.getByLabel(/^Confirme a nova senha/).fill("helena123");
    await page.getByRole("button", { name: "Criar senha" }).click();
    await expect.poll(() => novaSenha.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(page, novaSenha)).toContain("Senha fraca:");
    expect(await toastLocator(page).textContent()).toContain("Erro ao aceitar o convite");

    // A good one: to /login, which says the access was created.
    await novaSenha.fill(HELENA.senha);
    await page.getByLabel(/^Confirme a nova senha/).fill(HELENA.senha);
    await page.getByRole("button", { name: "Criar senha" }).click();
    await page.getByText("Acesso criado: entre com seu email e senha.").waitFor();
    await expect.poll(() => page.url()).toBe(`${portal.url}/login`);
    // The weak password's error toast did not come along.
    await expect.poll(() => page.getByText("Erro ao aceitar o convite").count()).toBe(0);

    // Signed in, the resident lands on /morador: 'Início', the unit, the three empty sections.
    await login(page, portal.url, HELENA.email, HELENA.senha);
    await page.waitForURL(`${portal.url}/morador`);
    await page.getByRole("heading", { level: 1, name: "Início" }).waitFor();
    expect(await page.getByTestId("unidade-atual").textContent()).toBe("Bloco B · 203 · Residencial Jardim das Flores");
    expect(await page.getByTestId("morador-nome").textContent()).toBe("Helena");
    const secoes = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(secoes).toEqual(["Aguardando sua resposta", "Encomendas aguardando", "Visitantes na unidade agora"]);
    await page.getByText("Nenhum pedido aguardando.").waitFor();
    await page.getByText("Nenhuma encomenda aguardando", { exact: true }).waitFor();
    await page.getByText("Ninguém da sua unidade está na portaria agora.").waitFor();
    const nav = page.getByRole("navigation", { name: "Seções da Área do Morador" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Início", "Visitantes", "Encomendas", "Histórico", "Notificações"]);
    expect(await nav.getByRole("link", { name: "Início" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("combobox", { name: "Unidade" }).count()).toBe(0);
    await page.getByRole("button", { name: "Sair" }).waitFor();
    await expectNoA11yViolations(page);
    await expectNoHorizontalScroll(page);
    // The narrowest phone of §3.2.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);

    // Installable: the manifest and its icons are served.
    const manifesto = await page.request.get(`${portal.url}/morador.webmanifest`);
    expect(manifesto.status()).toBe(200);
    const manifest = (await manifesto.json()) as { name: string; start_url: string; display: string; icons: { src: string }[] };
    expect(manifest).toMatchObject({ name: "Área do Morador", start_url: "/morador", display: "standalone" });
    for (const icon of new Set(manifest.icons.map((i) => i.src))) expect((await page.request.get(`${portal.url}${icon}`)).status()).toBe(200);

    // The link, used, no longer works.
    await page.goto(link!);
    await page.getByText("Este convite não vale mais: peça um novo à administração do condomínio.").waitFor();
    expect(await page.getByRole("button", { name: "Criar senha" }).count()).toBe(0);

    // The manager sees the account active, with no invitation to send.
    await gestor.page.reload();
    await expect.poll(() => helena.getByTestId("conta-morador").textContent()).toBe("Área do Morador: Com acesso");
    expect(await helena.getByRole("button", { name: /Convidar para a Área do Morador/ }).count()).toBe(0);

    await celular.context.close();
    await gestor.context.close();
  });

  it("a resident of two units switches between them", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await login(page, portal.url, DUAS.email, DUAS.senha);
    await page.waitForURL(`${portal.url}/morador`);
    const unidadeAtual = page.getByTestId("unidade-atual");
    await expect.poll(() => unidadeAtual.textContent()).toBe("Bloco A · 11 · Edifício Aurora");

    await page.getByRole("combobox", { name: "Unidade" }).click();
    await page.getByRole("option", { name: "7 · Residencial Bosque" }).click();
    await expect.poll(() => unidadeAtual.textContent()).toBe("7 · Residencial Bosque");
    expect(new URL(page.url()).searchParams.get("unidade")).toBeTruthy();
    await expectNoA11yViolations(page);

    // The choice is in the address: a reload keeps it.
    await page.reload();
    await expect.poll(() => unidadeAtual.textContent()).toBe("7 · Residencial Bosque");

    // 'Sair': back to /login; /morador then asks to sign in again.
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.goto(`${portal.url}/morador`);
    await page.waitForURL(`${portal.url}/login`);
    await context.close();
  });
});
