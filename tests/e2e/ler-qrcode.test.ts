import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, registrosAcesso, unidades } from "../../src/server/db/schema";
import { nextDate, today } from "@shared/time";
import { expectNoA11yViolations, login, toastLocator } from "./support/browser";
import { qrVideo } from "./support/qr-video";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Issue 26: 'Ler QR Code' on the path a porteiro really takes. The document that starts the app is
// the prerendered '/login'; signing in and the menu only navigate inside it, so the camera policy
// of that first document is the one that rules (it denied the camera: the dialog said the
// permission was refused). Chromium's fake camera plays a video made here of the QR code of a
// real, signed pre-authorisation; its fake prompt answers 'Permitir', as the porteiro would.
let portal: RunningPortal;
let camera: Browser;
let videoDir = "";
let autorizacao = { id: "", qr_payload: "" };

const PORTEIRO = { email: "caio.porteiro@teste.local", password: "senha-do-caio-1", nome: "Caio Porteiro" };
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

async function novaPagina(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Sign in at /login, then the menu's 'Controle de Acesso' (client-side, as a click does). */
async function entrarPeloMenu(page: Page) {
  await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Controle de Acesso" }).first().click();
  await page.waitForURL(`${portal.url}/portaria-web/controle-acesso`);
  await page.getByRole("heading", { level: 1, name: "Controle de Acesso" }).waitFor();
}

beforeAll(async () => {
  portal = await startPortal();
  const db = portal.database.db;
  const [aurora] = await db.insert(condominios).values({ nome: "Residencial Aurora" }).returning();
  const [a101] = await db.insert(unidades).values({ condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [ana] = await db.insert(moradores).values({ unidade_id: a101!.id, nome_completo: "Ana Beatriz Souza", tipo_morador: "proprietario" }).returning();
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Porteiros", permissions: ["registrar_acesso_visitante"] }, condominioIds: [aurora!.id] });

  // The invitation, made through the API as the Visitantes screen makes it (signed QR payload).
  const setup = await chromium.launch({ executablePath: CHROME, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await novaPagina(setup);
    await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    const inicio = today();
    const created = await page.evaluate(
      async (body) => {
        const response = await fetch("/api/visitantes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: response.status, json: (await response.json()) as { id: string; qr_payload: string } };
      },
      {
        condominio_id: aurora!.id,
        unidade_id: a101!.id,
        morador_id: ana!.id,
        nome_visitante: "Lúcia Eletricista",
        tipo: "periodo",
        valido_de: inicio,
        valido_ate: nextDate(nextDate(inicio)),
      },
    );
    expect(created.status).toBe(201);
    autorizacao = created.json;
  } finally {
    await setup.close();
  }

  videoDir = await mkdtemp(join(tmpdir(), "ler-qrcode-"));
  const videoFile = join(videoDir, "convite.y4m");
  await writeFile(videoFile, qrVideo(autorizacao.qr_payload));
  camera = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
});

afterAll(async () => {
  await camera?.close();
  await portal?.close();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

describe("'Ler QR Code' from the login page, through the menu", () => {
  it("the camera opens, reads the invitation's QR code and one key registers the entry", async () => {
    const page = await novaPagina(camera);
    await entrarPeloMenu(page);
    await page.getByRole("button", { name: "Ler QR Code" }).click();
    const card = page.locator("[data-autorizacao-aberta]");
    await card
      .getByText("Lúcia Eletricista")
      // One look at the picture decodes it (decision 0282); the margin is for a loaded CI machine.
      .waitFor({ timeout: 20_000 })
      .catch(async (error: Error) => {
        // Say what the screen showed instead (before the fix: 'Permissão para usar a câmera negada.').
        const shown = await page.locator("main, [role=dialog], [role=alert]").allInnerTexts();
        // And what the camera's picture was doing, to tell a silent camera from an unread code.
        const video = await page
          .locator("video")
          .evaluate((v: HTMLVideoElement) => ({ readyState: v.readyState, paused: v.paused, t: v.currentTime, w: v.videoWidth, h: v.videoHeight }))
          .catch(() => null);
        throw new Error(`${error.message}\nOn screen: ${JSON.stringify(shown).slice(0, 2000)}\nCamera: ${JSON.stringify(video)}`);
      });
    expect(await card.getByRole("heading").textContent()).toBe("Autorização do QR Code");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    await toastLocator(page)
      .filter({ hasText: "Entrada registrada" })
      .filter({ hasText: /Lúcia Eletricista entrou às/ })
      .waitFor();
    const [ultimo] = await portal.database.db.select().from(registrosAcesso);
    expect(ultimo).toMatchObject({ resultado: "liberado", metodo: "qrcode", autorizacao_id: autorizacao.id });
    await page.context().close();
  });

  it("when the porteiro answers 'Bloquear' to the browser's question, says so and points at the browser's settings", async () => {
    // No fake prompt here: headless Chromium's own answer to a question nobody granted is no.
    const semPermissao = await chromium.launch({
      executablePath: CHROME,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream"],
    });
    try {
      const page = await novaPagina(semPermissao);
      await entrarPeloMenu(page);
      await page.getByRole("button", { name: "Ler QR Code" }).click();
      const dialog = page.getByRole("dialog", { name: "Ler QR Code" });
      const alerta = dialog.getByRole("alert");
      await alerta.waitFor();
      expect(await alerta.textContent()).toBe(
        "Permissão para usar a câmera negada. Libere a câmera para este site nas configurações do navegador e tente de novo, ou use o leitor USB.",
      );
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toBe("Fechar");
      await expectNoA11yViolations(page);
    } finally {
      await semPermissao.close();
    }
  });
});
