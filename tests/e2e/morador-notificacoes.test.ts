import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFERENCIAS_TEXTOS } from "../../src/shared/schemas/notificacoes";
import { saoPauloWallClockMs } from "../../src/shared/time";
import { createAuthUser } from "../../src/server/auth/accounts";
import { condominios, linksResposta, moradorContas, moradores, solicitacoesAutorizacao, unidades } from "../../src/server/db/schema";
import { loadLinkSecret } from "../../src/server/db/settings";
import { assinarLink } from "../../src/server/modules/notificacoes/links";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";

// The resident's 'Notificações' (gate-operation-spec §3.2) on a phone: the standing rule saved and
// kept, the channels the portal has not configured off and saying so; the installable app's service
// worker (the shell offline); and the password-less answer link of §3.4, which answers once.

let portal: RunningPortal;
let browser: BrowserHandle;
let celular: Page;
let contexto: BrowserContext;
const MORADORA = { nome: "Helena Duarte Ramos", email: "helena.notificacoes@teste.local", senha: "Pitanga-Madura#5820" };
const ids = { condominio: "", unidade: "", moradora: "" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Jacarandá" }).returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "D", numero_unidade: "404" }).returning({ id: unidades.id });
  const [moradora] = await db
    .insert(moradores)
    .values({ unidade_id: unidade!.id, nome_completo: MORADORA.nome, email: MORADORA.email, tipo_morador: "proprietario" })
    .returning({ id: moradores.id });
  Object.assign(ids, { condominio: condominio!.id, unidade: unidade!.id, moradora: moradora!.id });
  const authUser = await createAuthUser(portal.portal.auth, { email: MORADORA.email, name: MORADORA.nome, password: MORADORA.senha });
  await db
    .insert(moradorContas)
    .values({ morador_id: moradora!.id, auth_user_id: authUser.id, status: "ativo", email: MORADORA.email, ativado_em: new Date() });

  ({ page: celular, context: contexto } = await browser.newPage({ mobile: true }));
  await login(celular, portal.url, MORADORA.email, MORADORA.senha);
  await celular.waitForURL(`${portal.url}/morador`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** São Paulo's wall clock `minutos` from now, 'HH:mm'. */
function horaDaqui(minutos: number): string {
  const d = new Date(saoPauloWallClockMs(Date.now() + minutos * 60_000));
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

describe("Notificações", () => {
  it("the resident sets 'Entregas: liberar sempre' around now, saves, and a reload keeps it", async () => {
    await celular.getByRole("navigation", { name: "Seções da Área do Morador" }).getByRole("link", { name: "Notificações" }).click();
    await celular.waitForURL(`${portal.url}/morador/notificacoes`);
    await celular.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();

    // No WhatsApp or SMS provider here: off, and the screen says why.
    const whatsapp = celular.getByRole("switch", { name: "WhatsApp" });
    expect(await whatsapp.isDisabled()).toBe(true);
    expect(await whatsapp.getAttribute("aria-checked")).toBe("false");
    expect(await celular.getByText("Indisponível neste condomínio").count()).toBeGreaterThanOrEqual(2);
    expect(await celular.getByRole("switch", { name: "Notificação no celular" }).isDisabled()).toBe(false);
    await expectNoA11yViolations(celular);

    // 'Notificação no celular' asks the browser; refused, it stays off and says how to allow it.
    const push = celular.getByRole("switch", { name: "Notificação no celular" });
    await push.click();
    await expect.poll(() => push.getAttribute("aria-checked")).toBe("false");
    await contexto.clearPermissions();
    await push.click();
    await expect.poll(() => toastLocator(celular).textContent()).toContain(PREFERENCIAS_TEXTOS.pushNegado);
    expect(await push.getAttribute("aria-checked")).toBe("false");

    await celular.getByRole("radio", { name: "Entregas: liberar sempre (das HH:mm às HH:mm)" }).check();
    const de = horaDaqui(-60);
    const ate = horaDaqui(60);
    // A wrong hour: the field says what is wrong, nothing is saved.
    await celular.getByRole("textbox", { name: "Liberar das" }).fill("25:00");
    await celular.getByRole("textbox", { name: "Liberar até" }).fill(ate);
    await celular.getByRole("button", { name: "Salvar" }).click();
    await celular.getByRole("form", { name: "Notificações" }).getByText("Informe a hora como HH:mm.").waitFor();
    await expectNoA11yViolations(celular);

    await celular.getByRole("textbox", { name: "Liberar das" }).fill(de);
    expect(await celular.getByText(`Entregas: liberar sempre (das ${de} às ${ate})`).count()).toBe(1);
    await celular.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => toastLocator(celular).textContent()).toContain("Notificações salvas");

    await celular.reload();
    await celular.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();
    expect(await celular.getByRole("radio", { name: "Entregas: liberar sempre (das HH:mm às HH:mm)" }).isChecked()).toBe(true);
    expect(await celular.getByRole("textbox", { name: "Liberar das" }).inputValue()).toBe(de);
    expect(await celular.getByRole("textbox", { name: "Liberar até" }).inputValue()).toBe(ate);
    await expectNoA11yViolations(celular);
  });

  it("the app's service worker is running on /morador, keeps the shell, and the page opens offline", async () => {
    const script = await fetch(`${portal.url}/morador-sw.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    // A worker runs under its own script's policy: it may fetch the shell and show the app's icon, nothing else.
    expect(script.headers.get("content-security-policy")).toBe("default-src 'none'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'");

    const escopo = await celular.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(escopo).toBe(`${portal.url}/morador`);
    // The shell and the page's scripts are kept; nothing of the API is.
    await expect
      .poll(() =>
        celular.evaluate(async () => {
          const nomes = await caches.keys();
          const urls = (await Promise.all(nomes.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))).flat();
          return urls;
        }),
      )
      .toEqual(expect.arrayContaining(["/morador", "/morador.webmanifest", expect.stringMatching(/^\/assets\/.+\.js$/)]));
    const guardadas = await celular.evaluate(async () =>
      (await Promise.all((await caches.keys()).map(async (n) => (await caches.open(n)).keys()))).flat().map((r) => r.url),
    );
    expect(guardadas.filter((u) => u.includes("/api/"))).toEqual([]);

    await contexto.setOffline(true);
    try {
      // The page comes from the kept shell (the HTML is never cached by the browser itself: no-cache).
      const pagina = await celular.reload();
      expect(pagina?.fromServiceWorker()).toBe(true);
      await celular.getByText("Sem conexão com a internet.", { exact: false }).waitFor();
      await celular.getByRole("heading", { name: "Área do Morador" }).waitFor();
    } finally {
      await contexto.setOffline(false);
    }
    // Back online, the page comes back by itself.
    await celular.getByRole("heading", { name: "Notificações", level: 1 }).waitFor();
  });
});

describe("the answer link", () => {
  it("answers once without a password, then says the link was used", async () => {
    const db = portal.database.db;
    const [pedido] = await db
      .insert(solicitacoesAutorizacao)
      .values({
        condominio_id: ids.condominio,
        unidade_id: ids.unidade,
        nome_visitante: "Otávio Mensageiro",
        tipo_pessoa: "visitante",
        solicitado_por: "00000000-0000-4000-8000-000000000001",
        solicitado_por_nome: "Portaria",
        expira_em: new Date(Date.now() + 10 * 60_000),
      })
      .returning({ id: solicitacoesAutorizacao.id });
    const [link] = await db
      .insert(linksResposta)
      .values({ solicitacao_id: pedido!.id, morador_id: ids.moradora, canal: "email", expira_em: new Date(Date.now() + 10 * 60_000) })
      .returning({ id: linksResposta.id });
    const token = assinarLink(await loadLinkSecret(db), link!.id);

    // A fresh browser: no session.
    const { page } = await browser.newPage({ mobile: true });
    await page.goto(`${portal.url}/morador/resposta?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { name: "Visitante na portaria" }).waitFor();
    await page.getByText("Otávio Mensageiro está na portaria para Bloco D · 404. Liberar a entrada?").waitFor();
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Liberar" }).click();
    await page.getByText("Entrada liberada.", { exact: false }).waitFor();
    const [depois] = await db.select().from(solicitacoesAutorizacao).where(eq(solicitacoesAutorizacao.id, pedido!.id));
    expect(depois).toMatchObject({ estado: "aprovada", respondida_por: ids.moradora, canal: "email" });

    await page.reload();
    await page.getByText("Este link já foi usado.").waitFor();
    expect(await page.getByRole("button", { name: "Liberar" }).count()).toBe(0);
    await expectNoA11yViolations(page);

    // A tampered link is no link.
    await page.goto(`${portal.url}/morador/resposta?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    await page.getByText("Este link não vale mais.").waitFor();
  });
});
