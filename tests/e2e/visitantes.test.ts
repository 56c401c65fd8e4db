import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateInSaoPaulo, formatDate, today } from "@shared/time";
import { formatDateSp } from "@shared/schemas/visitantes";
import { autorizacoesVisita, condominios, moradores, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, startSmtpServer, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Visitantes (gatehouse-spec §4, issue 16's acceptance, first part) as a síndico of one
// condominium meets it: he pre-authorises a diarista on Mondays and Thursdays, 08:00–17:00, sends
// her the invitation (it arrives at a real SMTP server: the code, HTML and text, the QR Code as an
// image), and cancels it. Authorisations of other condominiums stay out of his reach.
let portal: RunningPortal;
let browser: BrowserHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let foraDoEscopo = "";

const SINDICO = { email: "sergio.visitantes@teste.local", password: "senha-do-sergio-1", nome: "Sérgio Síndico" };
const DIARISTA_EMAIL = "maria.diarista@teste.local";

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startPortal({ smtpUrl: smtp.url });
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([
      { nome: "Residencial Aurora", endereco: "Rua das Flores, 100 - Centro", cidade: "Barueri", estado: "SP", cep: "06401000" },
      { nome: "Condomínio Bosque" },
    ])
    .returning();
  const [a101, b1] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: bosque!.id, bloco: "B", numero_unidade: "1" },
    ])
    .returning();
  const [, , carlos] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Souza", tipo_morador: "proprietario" },
      { unidade_id: a101!.id, nome_completo: "Bruno Souza", tipo_morador: "dependente" },
      { unidade_id: b1!.id, nome_completo: "Carlos Bosque", tipo_morador: "proprietario" },
    ])
    .returning();
  const [outra] = await db
    .insert(autorizacoesVisita)
    .values({
      condominio_id: bosque!.id,
      unidade_id: b1!.id,
      morador_id: carlos!.id,
      nome_visitante: "Visita do Bosque",
      tipo: "periodo",
      valido_de: new Date(),
      valido_ate: new Date(Date.now() + 7 * 86_400_000),
      codigo: "BSQ23456",
    })
    .returning();
  foraDoEscopo = outra!.id;
  await createPortariaUser(portal, {
    ...SINDICO,
    grupo: { nome: "Síndicos", permissions: ["registrar_acesso_visitante"] },
    condominioIds: [aurora!.id],
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

async function choose(page: Page, scope: Page | Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

describe("Visitantes", () => {
  it("a síndico authorises a diarista on Mondays and Thursdays, e-mails the invitation, and cancels it", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICO.email, SINDICO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Visitantes" }).first().click();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes`);
    await page.getByRole("heading", { level: 1, name: "Visitantes" }).waitFor();
    // The Bosque's authorisation is not his.
    await page.getByText("Nenhuma autorização encontrada").first().waitFor();
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Nova Autorização" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes/nova`);
    await page.getByRole("heading", { level: 1, name: "Nova Autorização" }).waitFor();
    // His one condominium comes chosen; the other is not offered.
    await expect.poll(() => page.getByRole("combobox", { name: "Condomínio", exact: true }).textContent()).toBe("Residencial Aurora");
    await page.getByRole("combobox", { name: "Condomínio", exact: true }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["Residencial Aurora"]);
    await page.keyboard.press("Escape");

    await choose(page, page, "Unidade", "Bloco A - 101");
    await page.getByRole("combobox", { name: "Morador que autoriza" }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["Ana Souza", "Bruno Souza"]);
    await page.getByRole("option", { name: "Ana Souza", exact: true }).click();

    await page.getByRole("textbox", { name: "Nome do visitante" }).fill("Maria das Graças");
    await choose(page, page, "Tipo de documento", "RG");
    await page.getByRole("textbox", { name: "Número do documento" }).fill("12.345.678-9");
    const telefone = page.getByRole("textbox", { name: "Telefone" });
    await telefone.pressSequentially("11987654321");
    expect(await telefone.inputValue()).toBe("(11) 98765-4321");
    await page.getByRole("textbox", { name: "Email" }).fill(DIARISTA_EMAIL);

    // 'Recorrente': without days and hours the form says so and sends nothing.
    await page.getByRole("radio", { name: /Recorrente/ }).check();
    await page.getByRole("button", { name: "Criar autorização" }).click();
    await page.getByText("Escolha os dias da semana.").first().waitFor();
    await page.getByText("Informe até quando a autorização vale.").first().waitFor();
    await settled(page);
    await expectNoA11yViolations(page);

    const inicio = today();
    const fim = dateInSaoPaulo(Date.now() + 120 * 86_400_000);
    // Dates are typed and read dd/MM/yyyy (issue 26).
    await page.getByLabel("Válida até").fill(formatDate(fim));
    await page.getByRole("checkbox", { name: "segunda" }).click();
    await page.getByRole("checkbox", { name: "quinta" }).click();
    await page.getByLabel("Hora início").fill("08:00");
    await page.getByLabel("Hora fim").fill("17:00");
    await page.getByRole("textbox", { name: "Observações" }).fill("Diarista da Ana.");
    await page.getByRole("button", { name: "Criar autorização" }).click();
    await toastLocator(page).filter({ hasText: "Autorização criada!" }).waitFor();
    await page.waitForURL(/\/portaria-web\/visitantes\/[0-9a-f-]{36}$/);

    // The detail: the data, the code in large type and the QR Code.
    await page.getByRole("heading", { level: 1, name: "Autorização de Visita" }).waitFor();
    const codigo = (await page.getByTestId("codigo").textContent())!;
    expect(codigo).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    const validade = `segunda e quinta, das 08:00 às 17:00, de ${formatDateSp(`${inicio}T12:00:00Z`)} até ${formatDateSp(`${fim}T12:00:00Z`)}`;
    await page.getByText(validade).waitFor();
    expect(await page.getByTestId("entradas").textContent()).toBe("0 (sem limite)");
    await page.getByText("Ana Souza").first().waitFor();
    await page.getByText("RG 123456789").waitFor();
    const qr = page.getByRole("img", { name: "QR Code da autorização de Maria das Graças" });
    await qr.waitFor();
    expect(await qr.locator("path").count()).toBeGreaterThan(1);
    await expectNoA11yViolations(page);

    // 'Enviar por email': the invitation reaches the SMTP server, in HTML and text, with the QR image.
    await page.getByRole("button", { name: "Enviar por email" }).click();
    await toastLocator(page).filter({ hasText: "Email enviado" }).waitFor();
    const mail = await smtp.waitFor(DIARISTA_EMAIL, 20_000);
    expect(mail.text).toContain(codigo);
    expect(mail.text).toContain("segunda e quinta, das 08:00 às 17:00");
    expect(mail.text).toContain("Rua das Flores, 100");
    expect(mail.html).toContain(codigo);
    // The HTML shows the image part (mailparser inlines the cid:qrcode reference as a data: URL).
    expect(mail.html).toMatch(/<img src="(cid:qrcode|data:image\/png;base64,[A-Za-z0-9+/=]{200,})"/);
    const imagem = mail.attachments.find((a) => a.contentType === "image/png");
    expect(imagem, JSON.stringify(mail.attachments)).toBeDefined();
    expect(imagem!.cid).toBe("qrcode");
    expect(imagem!.size).toBeGreaterThan(200);

    // In the list, found by its code.
    await page.getByRole("link", { name: "Voltar para visitantes" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(codigo.toLowerCase());
    const row = page.getByRole("table", { name: "Autorizações de visita" }).getByRole("row").filter({ hasText: "Maria das Graças" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Ativa");
    expect(await row.textContent()).toContain("Bloco A - 101");
    await expectNoA11yViolations(page);

    // Cancelar autorização, after a confirmation.
    await row.getByRole("link", { name: "Maria das Graças", exact: true }).click();
    await page.waitForURL(/\/portaria-web\/visitantes\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Cancelar autorização" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancelar autorização" });
    await confirm.waitFor();
    await settled(page);
    await expectNoA11yViolations(page);
    await confirm.getByRole("button", { name: "Cancelar autorização" }).click();
    await toastLocator(page).filter({ hasText: "Autorização cancelada" }).waitFor();
    await confirm.waitFor({ state: "detached" });
    await page.locator("[data-situacao=cancelada]").first().waitFor();
    expect(await page.getByRole("button", { name: "Cancelar autorização" }).count()).toBe(0);
    const enviar = page.getByRole("button", { name: "Enviar por email" });
    expect(await enviar.isDisabled()).toBe(true);
    await page.getByText("Somente autorizações ativas podem ser enviadas por email.").waitFor();

    // The list shows it as 'Cancelada', also under that filter.
    await page.getByRole("link", { name: "Voltar para visitantes" }).click();
    await choose(page, page, "Situação", "Cancelada");
    const cancelada = page.getByRole("table", { name: "Autorizações de visita" }).getByRole("row").filter({ hasText: "Maria das Graças" });
    await cancelada.waitFor();
    expect(await cancelada.textContent()).toContain("Cancelada");
    await choose(page, page, "Situação", "Ativa");
    await page.getByText("Nenhuma autorização encontrada").first().waitFor();
    await context.close();
  });

  it("'Única' without an e-mail: sending is disabled with the reason; another condominium's authorisation is not found", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICO.email, SINDICO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/visitantes/nova`);
    await expect.poll(() => page.getByRole("combobox", { name: "Condomínio", exact: true }).textContent()).toBe("Residencial Aurora");
    await choose(page, page, "Unidade", "Bloco A - 101");
    await choose(page, page, "Morador que autoriza", "Bruno Souza");
    await page.getByRole("textbox", { name: "Nome do visitante" }).fill("João Entregador");
    const placa = page.getByRole("textbox", { name: "Placa" });
    await placa.pressSequentially("abc1d23");
    expect(await placa.inputValue()).toBe("ABC1D23");
    await page.getByRole("button", { name: "Criar autorização" }).click();
    await toastLocator(page).filter({ hasText: "Autorização criada!" }).waitFor();
    await page.waitForURL(/\/portaria-web\/visitantes\/[0-9a-f-]{36}$/);
    await page.getByText(`dia ${formatDateSp(`${today()}T12:00:00Z`)}`).waitFor();
    expect(await page.getByTestId("entradas").textContent()).toBe("0 de 1");
    const enviar = page.getByRole("button", { name: "Enviar por email" });
    expect(await enviar.isDisabled()).toBe(true);
    await page.getByText(/Sem email do visitante/).waitFor();

    // Outside his condominiums: as unknown (404), back to the list.
    await page.goto(`${portal.url}/portaria-web/visitantes/${foraDoEscopo}`);
    await toastLocator(page).filter({ hasText: "Autorização não encontrada" }).waitFor();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes`);
    await context.close();
  });
  it("on a phone: the list as cards, and the detail with its code and QR Code", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await login(page, portal.url, SINDICO.email, SINDICO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/visitantes`);
    const card = page.getByRole("list", { name: "Autorizações de visita" }).getByRole("listitem").filter({ hasText: "João Entregador" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Ativa");
    await expectNoA11yViolations(page);
    await card.getByRole("link", { name: "João Entregador", exact: true }).click();
    await page.getByRole("img", { name: "QR Code da autorização de João Entregador" }).waitFor();
    expect(await page.getByTestId("codigo").textContent()).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    await expectNoA11yViolations(page);
    await context.close();
  });
});
