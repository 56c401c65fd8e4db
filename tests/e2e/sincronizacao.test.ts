import { randomBytes, randomUUID } from "node:crypto";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../scripts/simulador/controlid";
import { condominios, dispositivos, moradores, unidades } from "../../src/server/db/schema";
import { cofreDeSenhas } from "../../src/server/modules/dispositivos/senha";
import { TEST_DEVICE_KEY } from "../../src/server/testing/harness";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { startPortal, type RunningPortal } from "./support/server";

// Who the devices let in (gate-operation-spec §2.4), in a real browser: the unit's manager gives a
// resident a face photo, records the consent and gives her a card; the field technician presses
// 'Sincronizar agora' on the facial reader's page and sees each person 'Sincronizado', and the
// simulated reader holds the resident with the face and the card.

let portal: RunningPortal;
let browser: BrowserHandle;
const GESTOR = { email: "gestor.sinc@teste.local", password: "senha-do-gestor-4", nome: "Gestora da Sincronia" };
const facial = criarControlId({ nome: "facial", modelo: "iDFace", serie: "0M0100/000444", senha: "Senha-do-leitor-1", vidaMs: 0 });
const ids = { unidade: "", dispositivo: "", nat: "" };
// A reader behind NAT (push mode): it calls the portal, which cannot call it.
const nat = criarControlId({ nome: "nat", modelo: "iDFace", serie: "0M0100/000445", senha: "Senha-do-leitor-2", vidaMs: 0, pushMs: 250 });
const TOKEN_NAT = randomBytes(24).toString("base64url");
// The smallest JPEG: a 1×1 white pixel (the simulated reader finds a face in any JPEG).
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

beforeAll(async () => {
  await Promise.all([facial.ligar(), nat.ligar()]);
  // 'Sincronizar agora' answers that a round on a device that calls out goes on after 1 s (15 s in production).
  portal = await startPortal({ esperaSincronizacaoSaidaMs: 1_000 });
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Sincronia" }).returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "D", numero_unidade: "404" }).returning({ id: unidades.id });
  ids.unidade = unidade!.id;
  await db.insert(moradores).values([
    { unidade_id: unidade!.id, nome_completo: "Rita Fotografada", tipo_morador: "proprietario" },
    { unidade_id: unidade!.id, nome_completo: "Caio Sem Foto", tipo_morador: "inquilino" },
  ]);
  ids.dispositivo = randomUUID();
  await db.insert(dispositivos).values({
    id: ids.dispositivo,
    condominio_id: condominio!.id,
    nome: "Leitor facial da portaria",
    fabricante: "controlid",
    modelo: "iDFace",
    conexao: "direta",
    endereco: facial.endereco,
    usuario: "admin",
    senha: cofreDeSenhas(Buffer.from(TEST_DEVICE_KEY, "utf8")).cifrar(ids.dispositivo, "Senha-do-leitor-1"),
    token_integracao: randomBytes(24).toString("base64url"),
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  });
  ids.nat = randomUUID();
  await db.insert(dispositivos).values({
    id: ids.nat,
    condominio_id: condominio!.id,
    nome: "Leitor do portão de serviço",
    fabricante: "controlid",
    modelo: "iDFace",
    conexao: "saida",
    token_integracao: TOKEN_NAT,
    portas: [{ numero: 1, nome: "Portão de serviço", sentido: "entrada" }],
  });
  await createPortariaUser(portal, {
    ...GESTOR,
    grupo: { nome: "Gestão", permissions: ["visualizar_unidades", "gerenciar_moradores_unidade", "gerenciar_dispositivos"] },
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await Promise.all([facial.desligar(), nat.desligar()]);
});

describe("synchronising a facial reader", () => {
  it("a resident's photo, consent and card, then 'Sincronizar agora': the reader holds her with her face and card", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, GESTOR.email, GESTOR.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    // The photo and the consent, from the unit's residents.
    await page.goto(`${portal.url}/portaria-web/unidades/editar/${ids.unidade}`);
    await page.getByRole("button", { name: "Foto e biometria de Rita Fotografada" }).click();
    const dialog = page.getByRole("dialog", { name: "Foto e biometria: Rita Fotografada" });
    await dialog.getByText("Sem consentimento: a foto não vai a nenhum dispositivo.").waitFor();
    const arquivo = join(mkdtempSync(join(tmpdir(), "foto-")), "rita.jpg");
    writeFileSync(arquivo, JPEG);
    await dialog.getByLabel("Foto do rosto (JPEG ou PNG, até 500 KB)").setInputFiles(arquivo);
    await dialog.getByRole("img", { name: "Foto de Rita Fotografada" }).waitFor();
    await dialog.getByRole("switch", { name: "O morador consente com o reconhecimento facial" }).click();
    await dialog.getByText(new RegExp(`^Consentimento registrado por ${GESTOR.nome} em \\d{2}/\\d{2}/\\d{4}`)).waitFor();
    // 'Cartões e tags': a card typed as printed (leading zeros), added from the keyboard.
    await dialog.getByText("Nenhum cartão ou tag.").waitFor();
    await dialog.getByLabel("Número do cartão ou tag").fill("0012345678");
    await dialog.getByLabel("Número do cartão ou tag").press("Enter");
    await page.getByText("Cartão ou tag adicionado").first().waitFor();
    const cartoes = dialog.getByRole("list", { name: "Cartões e tags do morador" });
    await cartoes.getByRole("listitem").filter({ hasText: "Cartão 12345678" }).getByRole("button", { name: "Remover cartão 12345678" }).waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");

    // 'Sincronizar agora' on the reader's page.
    await page.goto(`${portal.url}/portaria-web/dispositivos/${ids.dispositivo}`);
    await page.getByRole("button", { name: "Sincronizar agora" }).click();
    await page.getByText("2 gravadas, 0 removidas, 0 falhas.").first().waitFor();
    const pessoas = page.getByRole("list", { name: "Pessoas no dispositivo" });
    await pessoas.getByRole("listitem").filter({ hasText: "Rita Fotografada" }).getByText("Sincronizado").waitFor();
    await pessoas.getByRole("listitem").filter({ hasText: "Caio Sem Foto" }).getByText("Sincronizado").waitFor();
    expect(Object.fromEntries([...facial.pessoas.values()].map((p) => [p.nome, p.face]))).toEqual({ "Rita Fotografada": true, "Caio Sem Foto": false });
    expect([...facial.pessoas.values()].find((p) => p.nome === "Rita Fotografada")?.cartoes).toEqual(["12345678"]);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("a reader behind NAT: 'Sincronizar agora' says the round goes on, and the page shows each person 'Sincronizado' once the reader polls", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, GESTOR.email, GESTOR.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/portaria-web/dispositivos/${ids.nat}`);
    await page.getByText("Este dispositivo chama o portal: recebe as gravações quando busca os pedidos (modo push).").waitFor();
    await page.getByRole("button", { name: "Sincronizar agora" }).click();
    // The reader is not polling yet: the answer comes while the round waits for it.
    await page.getByText("Sincronização em andamento", { exact: true }).first().waitFor();
    await page
      .getByText(
        "Sincronização em andamento: o dispositivo recebe os pedidos quando chama o portal. O estado de cada pessoa se atualiza nesta página. 2 pessoas pendentes.",
      )
      .first()
      .waitFor();
    const pessoas = page.getByRole("list", { name: "Pessoas no dispositivo" });
    await pessoas.getByRole("listitem").filter({ hasText: "Caio Sem Foto" }).getByText("Pendente").waitFor();
    await expectNoA11yViolations(page);
    // The technician sets the integration address on the reader: it polls, and the page follows by itself.
    nat.integracao = { url: `${portal.url}/api/integracoes/controlid/${TOKEN_NAT}`, modo: "push" };
    await pessoas.getByRole("listitem").filter({ hasText: "Rita Fotografada" }).getByText("Sincronizado").waitFor({ timeout: 20_000 });
    await pessoas.getByRole("listitem").filter({ hasText: "Caio Sem Foto" }).getByText("Sincronizado").waitFor({ timeout: 20_000 });
    expect(Object.fromEntries([...nat.pessoas.values()].map((p) => [p.nome, p.face]))).toEqual({ "Rita Fotografada": true, "Caio Sem Foto": false });
    expect([...nat.pessoas.values()].find((p) => p.nome === "Rita Fotografada")?.cartoes).toEqual(["12345678"]);
    await context.close();
  });
});
