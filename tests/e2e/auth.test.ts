import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usuarios } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, startSmtpServer, type RunningPortal } from "./support/server";

let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

async function createUser(email: string, password: string, status: string, firstAccessDone: boolean) {
  await createPortariaUser(portal, { email, password, nome: `Pessoa ${email.split("@")[0]}`, status, firstAccessDone });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  await createUser("inativo@teste.local", "senha-inativa-1", "inativo", true);
  await createUser("novo@teste.local", "provisoria-1", "pendente_confirmacao", false);
  await createUser("esqueceu@teste.local", "senha-antiga-1", "ativo", true);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

describe("login", () => {
  it("asks for both fields before calling the server", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/login`);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Campos obrigatórios");
    expect(await toastLocator(page).textContent()).toContain("Por favor, preencha email e senha.");
    await context.close();
  });

  it("shows and hides the password", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/login`);
    const field = page.getByLabel("Senha", { exact: true });
    await field.fill("segredo");
    expect(await field.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    expect(await field.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Ocultar senha" }).click();
    expect(await field.getAttribute("type")).toBe("password");
    await context.close();
  });

  it("refuses a wrong password with the spec's toast and stays on /login", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, ADMIN.email, "senha-errada");
    await expect.poll(() => toastLocator(page).textContent()).toContain("Erro de autenticação");
    expect(await toastLocator(page).textContent()).toContain("Email ou senha incorretos.");
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("refuses an inativo account", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, "inativo@teste.local", "senha-inativa-1");
    await expect.poll(() => toastLocator(page).textContent()).toContain("Erro de autenticação");
    expect(await toastLocator(page).textContent()).toContain("inativa ou bloqueada");
    expect(new URL(page.url()).pathname).toBe("/login");
    const me = await page.request.get(`${portal.url}/api/me`);
    expect(me.status()).toBe(401);
    await context.close();
  });

  it("signs the admin in to /portaria-web, shows Dashboard + Sair, and logs out to /login", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Login realizado com sucesso");
    await page.getByRole("heading", { name: "Painel de Controle" }).waitFor();

    await page.goto(`${portal.url}/`);
    await page.getByRole("link", { name: "Dashboard" }).first().waitFor();
    await page.getByRole("button", { name: "Sair" }).first().click();
    await page.waitForURL(`${portal.url}/login`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Logout realizado");
    expect((await page.request.get(`${portal.url}/api/me`)).status()).toBe(401);
    await page.goto(`${portal.url}/`);
    await page.getByRole("link", { name: "Entrar" }).first().waitFor();
    await context.close();
  });

  it("sends the visitor back to where the guard stopped them", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/dashboard/agenda`);
    await page.waitForURL(`${portal.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL(`${portal.url}/dashboard/agenda`);
    await context.close();
  });
});

describe("first access", () => {
  it("forces a new user to set a password, then lands on /portaria-web", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, "novo@teste.local", "provisoria-1");
    await page.waitForURL(`${portal.url}/portaria-web/alterar-senha`);
    await page.getByRole("heading", { name: "Definir Nova Senha" }).waitFor();

    // Any other Portaria Web route sends them back here.
    await page.goto(`${portal.url}/portaria-web`);
    await page.waitForURL(`${portal.url}/portaria-web/alterar-senha`);

    await page.getByLabel("Nova senha", { exact: true }).fill("abc");
    await page.getByLabel("Confirmar nova senha").fill("abd");
    await page.getByText("As senhas não conferem.").waitFor();
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Senha muito curta");

    // Long enough but weak: the server's reasons, under the catalogue's title.
    await page.getByLabel("Nova senha", { exact: true }).fill("senha123");
    await page.getByLabel("Confirmar nova senha").fill("senha123");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Senha fraca: Esta é uma senha comumente usada.");
    expect(await toastLocator(page).textContent()).toContain("Erro ao alterar senha");

    await page.getByLabel("Nova senha", { exact: true }).fill("minha-senha-nova");
    await page.getByLabel("Confirmar nova senha").fill("minha-senha-nova");
    expect(await page.getByText("As senhas não conferem.").count()).toBe(0);
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.waitForURL(`${portal.url}/portaria-web`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Senha alterada com sucesso!");

    const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, "novo@teste.local"));
    expect(row).toMatchObject({ primeiro_acesso_concluido: true, status: "ativo" });

    // Done: the password page and /login now lead to /portaria-web.
    await page.goto(`${portal.url}/portaria-web/alterar-senha`);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await context.close();
  });
});

describe("password recovery", () => {
  it("e-mails a link over SMTP; the link sets a new password that then signs in", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/login`);
    await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Enviar link de recuperação" }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Email obrigatório");

    await dialog.getByLabel("Email").fill("esqueceu@teste.local");
    await dialog.getByRole("button", { name: "Enviar link de recuperação" }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Link de recuperação enviado");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe("");

    const mail = await smtp.waitFor("esqueceu@teste.local");
    expect(mail.subject).toBe("Redefinição de senha");
    const link = mail.text.match(/https?:\/\/\S+token=\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(link!.startsWith(`${portal.url}/portaria-web/alterar-senha?token=`)).toBe(true);

    await page.goto(link!);
    await page.getByRole("heading", { name: "Redefinir Senha" }).waitFor();
    await page.getByLabel("Nova senha", { exact: true }).fill("senha-recuperada-1");
    await page.getByLabel("Confirmar nova senha").fill("senha-recuperada-1");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Senha alterada com sucesso!");

    await login(page, portal.url, "esqueceu@teste.local", "senha-recuperada-1");
    await page.waitForURL(`${portal.url}/portaria-web`);
    await context.close();

    // The same link again, used now: the page says so before asking for any password.
    const again = await browser.newPage();
    await again.page.goto(link!);
    await again.page.getByRole("heading", { name: "Redefinir Senha" }).waitFor();
    await expect.poll(() => again.page.getByRole("alert").textContent()).toBe("O link de recuperação é inválido ou expirou. Solicite um novo link.");
    expect(await again.page.getByLabel("Nova senha", { exact: true }).count()).toBe(0);
    expect(await again.page.getByRole("button", { name: "Salvar nova senha" }).count()).toBe(0);
    await again.context.close();
  });

  it("says a made-up link is invalid before asking for passwords, and leads to the login", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/portaria-web/alterar-senha?token=nao-existe-123`);
    await page.getByRole("heading", { name: "Redefinir Senha" }).waitFor();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("O link de recuperação é inválido ou expirou. Solicite um novo link.");
    expect(await page.getByLabel("Nova senha", { exact: true }).count()).toBe(0);
    expect(await page.getByLabel("Confirmar nova senha").count()).toBe(0);
    await expectNoA11yViolations(page);
    // Keyboard: Tab reaches the way out, Enter follows it.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ir para o login");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${portal.url}/login`);
    await page.getByRole("button", { name: "Esqueceu a senha?" }).waitFor();
    await context.close();
  });
});
