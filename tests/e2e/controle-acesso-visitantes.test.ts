import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, registrosAcesso, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, testClock, type RunningPortal } from "./support/server";
import { qrVideo } from "./support/qr-video";
import { createPortariaUser } from "./support/users";

// Issue 16's acceptance, the gate's part (gatehouse-spec §3, §4, §9): a porteiro of one
// condominium, holding only registrar_acesso_visitante, enters the short code of a 'Recorrente'
// authorisation of a diarista (Mondays and Thursdays 08:00–17:00) and registers her entry with
// one key; on a Wednesday the same code is refused 'Fora do horário autorizado (...)'; the QR
// payload typed by a USB reader opens it, an altered one is refused; once cancelled it is refused.
// The server's clock of the rules is the test's (`testClock`): a Monday, then a Wednesday, 10:00
// in São Paulo. 'Ler QR Code' in headless Chromium: no camera, or the page's policy denying it.
let portal: RunningPortal;
let browser: BrowserHandle;
let page: Page;
let context: BrowserContext;
let aurora = "";
let autorizacao = { id: "", codigo: "", qr_payload: "" };

const clock = testClock("2026-11-30T10:00:00-03:00");
const SEGUNDA = "2026-11-30T10:00:00-03:00";
const QUARTA = "2026-12-02T10:00:00-03:00";
const PORTEIRO = { email: "vera.porteira@teste.local", password: "senha-da-vera-1", nome: "Vera Porteira" };
const FORA_DO_HORARIO = "Fora do horário autorizado (segunda e quinta, das 08:00 às 17:00).";

/** A call to the API from the signed-in page (its session cookie and Origin). */
async function apiCall<T>(path: string, body?: unknown, on: Page = page): Promise<{ status: number; json: T }> {
  return on.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: payload === undefined ? "GET" : "POST",
        headers: payload === undefined ? {} : { "content-type": "application/json" },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, json: await response.json() };
    },
    [path, body] as const,
  ) as Promise<{ status: number; json: T }>;
}

beforeAll(async () => {
  portal = await startPortal({}, { agora: clock.agora });
  browser = await launchBrowser();
  const db = portal.database.db;
  const [a, outro] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  aurora = a!.id;
  await db.insert(unidades).values({ condominio_id: outro!.id, numero_unidade: "7" });
  const [a101] = await db.insert(unidades).values({ condominio_id: aurora, bloco: "A", numero_unidade: "101" }).returning();
  const [ana] = await db.insert(moradores).values({ unidade_id: a101!.id, nome_completo: "Ana Beatriz Souza", tipo_morador: "proprietario" }).returning();

  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Porteiros", permissions: ["registrar_acesso_visitante"] }, condominioIds: [aurora] });

  ({ page, context } = await browser.newPage());
  await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  // The authorisation, through the API as the Visitantes screen makes it.
  const created = await apiCall<typeof autorizacao>("/api/visitantes", {
    condominio_id: aurora,
    unidade_id: a101!.id,
    morador_id: ana!.id,
    nome_visitante: "Maria Diarista",
    documento_tipo: "rg",
    documento_numero: "123456789",
    tipo: "recorrente",
    valido_de: "2026-11-30",
    valido_ate: "2027-06-30",
    dias_semana: [1, 4],
    hora_inicio: "08:00",
    hora_fim: "17:00",
  });
  expect(created.status).toBe(201);
  autorizacao = created.json;
  expect(autorizacao.codigo).toMatch(/^[2-9A-Z]{8}$/);
  expect(autorizacao.qr_payload.startsWith("GV1.")).toBe(true);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const searchBox = () => page.getByRole("searchbox", { name: "Buscar" });
const cartao = () => page.locator("[data-autorizacao-aberta]");
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? "");
const focusedPlaceholder = () => page.evaluate(() => document.activeElement?.getAttribute("placeholder"));

/** Types `text` in the emptied search box and presses Enter, as the porteiro or a USB reader does. */
async function digitar(text: string) {
  await searchBox().fill("");
  await searchBox().focus();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

async function expectToast(title: string, text: RegExp) {
  await toastLocator(page).filter({ hasText: title }).filter({ hasText: text }).waitFor();
}

const registros = () => portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.condominio_id, aurora)).orderBy(registrosAcesso.seq);

describe("a porteira at the gate, with a diarista's recurring authorisation", () => {
  it("finds the visitor by name under 'Visitantes': unit, validity, situation", async () => {
    clock.set(SEGUNDA);
    await page.goto(`${portal.url}/portaria-web/controle-acesso`);
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");
    await digitar("maria");
    const lista = page.getByRole("list", { name: /Visitantes/ });
    await lista.getByText("Maria Diarista").waitFor();
    const texto = (await lista.textContent()) ?? "";
    expect(texto).toContain("Bloco A - 101");
    expect(texto).toContain("Recorrente: segunda e quinta, das 08:00 às 17:00, de 30/11/2026 até 30/06/2027");
    expect(texto).toContain("Ativa");
    await expectNoA11yViolations(page);
  });

  it("on a Monday at 10:00 the typed code opens the authorisation, and Enter registers the entry", async () => {
    // Lower case with a hyphen, as someone reads it out: the server normalises it.
    await digitar(`${autorizacao.codigo.slice(0, 4).toLowerCase()}-${autorizacao.codigo.slice(4).toLowerCase()}`);
    await cartao().getByText("Maria Diarista").waitFor();
    expect(await cartao().getByRole("heading").textContent()).toBe("Autorização do código");
    expect(await cartao().getByRole("alert").count()).toBe(0);
    // The entry button takes the focus: one key registers.
    await expect.poll(focusedText).toBe("Registrar entrada");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Enter");
    await expectToast("Entrada registrada", /Maria Diarista entrou às \d\d:\d\d\./);
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");
    const [entrada] = await registros();
    expect(entrada).toMatchObject({ resultado: "liberado", metodo: "codigo", autorizacao_id: autorizacao.id });
    await cartao()
      .getByText(/No condomínio desde \d\d:\d\d/)
      .waitFor();

    // Her exit, from the same card.
    await cartao().getByRole("button", { name: "Registrar saída" }).click();
    await expectToast("Saída registrada", /Maria Diarista saiu às \d\d:\d\d\./);
  });

  it("on a Wednesday the same code is refused 'Fora do horário autorizado (...)', before and after trying", async () => {
    clock.set(QUARTA);
    await digitar(autorizacao.codigo);
    await cartao().getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: FORA_DO_HORARIO }).waitFor();
    await expect.poll(focusedText).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    // The refusal is recorded, and stays on screen with 'Liberar mesmo assim' (not a blocklist hit).
    const aviso = page.locator("[data-aviso=negado]");
    await aviso.filter({ hasText: "Acesso negado: Maria Diarista" }).filter({ hasText: FORA_DO_HORARIO }).waitFor();
    expect(await aviso.getByRole("button", { name: "Liberar mesmo assim" }).count()).toBe(1);
    const negado = (await registros()).at(-1)!;
    expect(negado).toMatchObject({ resultado: "negado", motivo: FORA_DO_HORARIO, metodo: "codigo" });
    await expectNoA11yViolations(page);
    await aviso.getByRole("button", { name: "Fechar aviso" }).click();
  });

  it("the QR payload typed by a USB reader opens it (Monday again) and registers the entry as 'qrcode'", async () => {
    clock.set(SEGUNDA);
    await digitar(autorizacao.qr_payload);
    await cartao().getByText("Maria Diarista").waitFor();
    expect(await cartao().getByRole("heading").textContent()).toBe("Autorização do QR Code");
    await expect.poll(focusedText).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    await expectToast("Entrada registrada", /Maria Diarista entrou às/);
    expect((await registros()).at(-1)).toMatchObject({ resultado: "liberado", metodo: "qrcode", autorizacao_id: autorizacao.id });
    await cartao().getByRole("button", { name: "Registrar saída" }).click();
    await expectToast("Saída registrada", /Maria Diarista saiu às/);
  });

  it("a QR whose payload was altered is refused 'Código inválido ou inexistente.', with nothing to register", async () => {
    const before = (await registros()).length;
    const p = autorizacao.qr_payload;
    // One character of the signed content changed (the id and end), the signature kept.
    const i = 6;
    const altered = `${p.slice(0, i)}${p[i] === "A" ? "B" : "A"}${p.slice(i + 1)}`;
    await digitar(altered);
    await cartao().getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: "Código inválido ou inexistente." }).waitFor();
    expect(await cartao().getByRole("button", { name: "Registrar entrada" }).count()).toBe(0);
    expect(await cartao().getByText("Maria Diarista").count()).toBe(0);
    // The entry with it is refused by the server too, and nothing is recorded.
    const entrada = await apiCall<{ message: string }>("/api/controle-acesso/entrada", {
      condominio_id: aurora,
      pessoa: { tipo: "qrcode", payload: altered },
      metodo: "qrcode",
    });
    expect(entrada.status).toBe(404);
    expect((await registros()).length).toBe(before);
    await expectNoA11yViolations(page);
  });

  it("a cancelled authorisation is refused 'Autorização cancelada.', by code and by QR", async () => {
    expect((await apiCall(`/api/visitantes/${autorizacao.id}/cancelar`, {})).status).toBe(200);
    for (const [text, heading] of [
      [autorizacao.codigo, "Autorização do código"],
      [autorizacao.qr_payload, "Autorização do QR Code"],
    ] as const) {
      await digitar(text);
      await cartao().getByRole("heading", { name: heading }).waitFor();
      await cartao().getByRole("alert").filter({ hasText: "Acesso negado" }).filter({ hasText: "Autorização cancelada." }).waitFor();
      expect(await cartao().textContent()).toContain("Cancelada");
    }
    await expect.poll(focusedText).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    await page.locator("[data-aviso=negado]").filter({ hasText: "Autorização cancelada." }).waitFor();
    expect((await registros()).at(-1)).toMatchObject({ resultado: "negado", motivo: "Autorização cancelada.", metodo: "qrcode" });
  });
});

let fakeCamera: BrowserHandle;
let videoDir = "";
let videoFile = "";

describe("'Ler QR Code' in headless Chromium", () => {
  beforeAll(async () => {
    videoDir = await mkdtemp(join(tmpdir(), "qr-camera-"));
    videoFile = join(videoDir, "qrcode.y4m");
    await writeFile(videoFile, qrVideo("GV1.vazio"));
    // A second Chromium whose camera is a video file (the QR code of an invitation).
    const fake = await chromium.launch({
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${videoFile}`],
    });
    fakeCamera = {
      browser: fake,
      async newPage() {
        const ctx = await fake.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
        return { page: await ctx.newPage(), context: ctx };
      },
      close: () => fake.close(),
    };
  });
  afterAll(async () => {
    await fakeCamera?.close();
    if (videoDir) await rm(videoDir, { recursive: true, force: true });
  });

  async function abrirCamera() {
    await page.getByRole("button", { name: "Ler QR Code" }).click();
    return page.getByRole("dialog", { name: "Ler QR Code" });
  }

  it("with the camera allowed but no camera on the device, says there is none", async () => {
    await context.grantPermissions(["camera"], { origin: portal.url });
    const dialog = await abrirCamera();
    await dialog.getByRole("alert").filter({ hasText: "Nenhuma câmera encontrada neste aparelho." }).waitFor();
    await expect.poll(focusedText).toBe("Fechar");
    await expectNoA11yViolations(page);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");
  });

  it("with the camera denied by the page's own policy, says it is the page, not the browser's settings", async () => {
    // A camera on the device, but the document's Permissions-Policy denies it (as a page served
    // with camera=() would): no browser setting can change that, reloading the page can.
    const { page: negada } = await fakeCamera.newPage();
    await login(negada, portal.url, PORTEIRO.email, PORTEIRO.password);
    await negada.waitForURL(`${portal.url}/portaria-web`);
    await negada.route(`${portal.url}/portaria-web/controle-acesso`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "permissions-policy": "camera=()" } });
    });
    await negada.goto(`${portal.url}/portaria-web/controle-acesso`);
    await negada.getByRole("button", { name: "Ler QR Code" }).click();
    const dialog = negada.getByRole("dialog", { name: "Ler QR Code" });
    await dialog.getByRole("alert").filter({ hasText: "Esta página do portal não pode usar a câmera. Recarregue a página" }).waitFor();
    await negada.close();
  });
  // The camera reading a real invitation's QR, decoded in the browser and registered with one key,
  // is ler-qrcode.test.ts's (through the menu, as a porteiro gets there).
});

describe("guessing codes", () => {
  it("past the limit, the search shows the server's 429 message", async () => {
    // 20 misses per user in 15 minutes (docs/api.md): the earlier altered QR counted one.
    const digitos = "23456789";
    for (let n = 0; n < 20; n++) {
      // Codes of the alphabet that open nothing (ZZZZ22…, ZZZZ23…).
      await apiCall(`/api/controle-acesso/busca?condominio_id=${aurora}&q=ZZZZ2${digitos[Math.floor(n / 8)]}${digitos[n % 8]}2`);
    }
    await digitar("ZZZZ9992");
    await page
      .getByRole("alert")
      .filter({ hasText: /Muitos códigos inválidos em pouco tempo\. Tente novamente em \d+ minutos?\./ })
      .waitFor();
  });
});
