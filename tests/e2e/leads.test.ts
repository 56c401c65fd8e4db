import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../src/server/db/schema";
import { launchBrowser, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";

// The 'Fale Conosco!' lead form in a real browser, against the real API and database.
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

const storedLeads = () => portal.database.db.select().from(leads);

async function openForm() {
  const { page, context } = await browser.newPage();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/leads") posts.push(request.url());
  });
  await page.goto(`${portal.url}/leads`);
  // React has taken over the prerendered form (it does on the visitor's first move: decision 0009).
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => {
    const form = document.querySelector("form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactProps$"));
  });
  return { page, context, posts };
}

const field = {
  nome: (page: Page) => page.getByLabel("Nome"),
  telefone: (page: Page) => page.getByLabel("Telefone celular"),
  email: (page: Page) => page.getByLabel("Email"),
  descricao: (page: Page) => page.getByLabel("Como podemos ajudar?"),
};
const submit = (page: Page) => page.locator("form").getByRole("button", { name: /^(Enviar|Enviando\.\.\.)$/ });

interface Lead {
  nome?: string;
  telefone?: string;
  email?: string;
  descricao?: string;
}

async function fill(page: Page, lead: Lead) {
  if (lead.nome !== undefined) await field.nome(page).fill(lead.nome);
  if (lead.telefone !== undefined) await field.telefone(page).pressSequentially(lead.telefone);
  if (lead.email !== undefined) await field.email(page).fill(lead.email);
  if (lead.descricao !== undefined) await field.descricao(page).fill(lead.descricao);
}

async function expectToast(page: Page, title: string, description: string) {
  await expect.poll(() => toastLocator(page).textContent()).toContain(title);
  expect(await toastLocator(page).textContent()).toContain(description);
}

describe("lead form", () => {
  it("has the spec's fields: nome, optional phone, an e-mail input and a 4-row textarea", async () => {
    const { page, context } = await openForm();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Fale Conosco!");
    expect(await field.email(page).getAttribute("type")).toBe("email");
    expect(await field.telefone(page).getAttribute("aria-required")).toBeNull();
    expect(await field.descricao(page).evaluate((el) => el.tagName)).toBe("TEXTAREA");
    expect(await field.descricao(page).getAttribute("rows")).toBe("4");
    expect(await submit(page).textContent()).toBe("Enviar");
    await context.close();
  });

  it("stores a lead, clears the form and says so", async () => {
    const { page, context } = await openForm();
    const before = (await storedLeads()).length;
    await fill(page, {
      nome: "Joana Ribeiro",
      telefone: "11987654321",
      email: "joana.ribeiro@exemplo.com.br",
      descricao: "Preciso de câmeras para um condomínio com 3 blocos.",
    });
    // The phone is formatted while typing.
    expect(await field.telefone(page).inputValue()).toBe("(11) 98765-4321");
    await submit(page).click();

    await expectToast(page, "Sucesso!", "Seus dados foram enviados. Entraremos em contato em breve!");
    const rows = await storedLeads();
    expect(rows.length).toBe(before + 1);
    const row = rows.find((r) => r.email === "joana.ribeiro@exemplo.com.br");
    expect(row).toMatchObject({
      nome: "Joana Ribeiro",
      telefone_celular: "11987654321",
      email: "joana.ribeiro@exemplo.com.br",
      descricao: "Preciso de câmeras para um condomínio com 3 blocos.",
    });

    for (const input of Object.values(field)) expect(await input(page).inputValue()).toBe("");
    await context.close();
  });

  it("stores a lead without a phone as null", async () => {
    const { page, context } = await openForm();
    await fill(page, { nome: "Sem Telefone", email: "sem.telefone@exemplo.com.br" });
    await submit(page).click();
    await expectToast(page, "Sucesso!", "Seus dados foram enviados.");
    const row = (await storedLeads()).find((r) => r.email === "sem.telefone@exemplo.com.br");
    expect(row).toMatchObject({ nome: "Sem Telefone", telefone_celular: null, descricao: "" });
    await context.close();
  });

  it.each<[string, Lead]>([
    ["nome", { email: "falta.nome@exemplo.com.br", descricao: "sem nome" }],
    ["email", { nome: "Falta Email", descricao: "sem email" }],
    ["nome (only spaces)", { nome: "   ", email: "espacos@exemplo.com.br", descricao: "só espaços" }],
  ])("refuses a lead with a missing %s and stores nothing", async (_missing, lead) => {
    const { page, context, posts } = await openForm();
    const before = (await storedLeads()).length;
    await fill(page, lead);
    await submit(page).click();
    await expectToast(page, "Campos obrigatórios", "Por favor, preencha o nome e o email.");
    expect(await submit(page).textContent()).toBe("Enviar");
    expect(posts).toEqual([]);
    expect((await storedLeads()).length).toBe(before);
    // What was typed stays, so the visitor only adds what is missing.
    expect(await field.descricao(page).inputValue()).toBe(lead.descricao);
    await context.close();
  });

  it("shows 'Enviando...' and disables the button while the lead is sent", async () => {
    const { page, context } = await openForm();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const requestHeld = new Promise<void>((resolve) => (held = resolve));
    await page.route("**/api/leads", async (route) => {
      held();
      await released;
      await route.continue();
    });

    await fill(page, { nome: "Paciente", email: "paciente@exemplo.com.br" });
    await submit(page).click();
    await requestHeld;
    await expect.poll(() => submit(page).textContent()).toBe("Enviando...");
    expect(await submit(page).isDisabled()).toBe(true);

    release();
    await expectToast(page, "Sucesso!", "Seus dados foram enviados.");
    await expect.poll(() => submit(page).textContent()).toBe("Enviar");
    expect(await submit(page).isDisabled()).toBe(false);
    expect((await storedLeads()).some((r) => r.email === "paciente@exemplo.com.br")).toBe(true);
    await context.close();
  });

  it("says 'Erro ao enviar' and stores nothing when the network fails", async () => {
    const { page, context, posts } = await openForm();
    const before = (await storedLeads()).length;
    await page.route("**/api/leads", (route) => route.abort("internetdisconnected"));
    await fill(page, { nome: "Sem Rede", email: "sem.rede@exemplo.com.br", descricao: "tentativa" });
    await submit(page).click();
    await expectToast(page, "Erro ao enviar", "Ocorreu um erro ao enviar seus dados. Tente novamente.");
    expect(posts.length).toBe(1);
    expect((await storedLeads()).length).toBe(before);
    // The data stays in the form for another try.
    expect(await field.nome(page).inputValue()).toBe("Sem Rede");
    await expect.poll(() => submit(page).textContent()).toBe("Enviar");
    await context.close();
  });

  it("says 'Erro ao enviar' and stores nothing when the server refuses the request", async () => {
    const { page, context } = await openForm();
    const before = (await storedLeads()).length;
    // The request reaches the real server, altered on the way so that the server's own validation
    // refuses it (400): what the visitor sees when the server says no.
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/leads") statuses.push(response.status());
    });
    await page.route("**/api/leads", (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: "isto não é um email" }) }),
    );
    await fill(page, { nome: "Recusado", email: "recusado@exemplo.com.br" });
    await submit(page).click();
    await expectToast(page, "Erro ao enviar", "Ocorreu um erro ao enviar seus dados. Tente novamente.");
    expect(statuses).toEqual([400]);
    expect((await storedLeads()).length).toBe(before);
    await context.close();
  });
});
