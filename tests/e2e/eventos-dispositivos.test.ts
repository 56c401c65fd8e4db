import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../scripts/simulador/controlid";
import { bloqueios, condominios, dispositivos, moradores, pessoasDispositivo, unidades } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { startPortal, type RunningPortal } from "./support/server";

// What a device reports, seen in a real browser (gate-operation-spec §2.3): a resident identified
// by face at a simulated Control iD in online mode enters, and Registros shows the device and the
// method; a blocked resident is refused with the blocklist's reason on the device's own screen; a
// forced door reaches the operator's console at once as an alarm, which 'Ciente' takes away, and
// 'Alarmes' keeps who acknowledged it and when.

let portal: RunningPortal;
let browser: BrowserHandle;
const OPERADOR = { email: "operador.eventos@teste.local", password: "senha-do-operador-2", nome: "Operador da Noite" };
const facial = criarControlId({ nome: "facial", modelo: "iDFace", serie: "0M0100/000555", senha: "admin", portaMoveMs: 200, portaAbertaMs: 800, vidaMs: 0 });
const DISPOSITIVO = "Leitor facial da entrada";
const TECNICO = { email: "tecnico.eventos@teste.local", password: "senha-do-tecnico-3", nome: "Técnico de Campo" };
let dispositivoId = "";

beforeAll(async () => {
  await facial.ligar();
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Horizonte" }).returning({ id: condominios.id });
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "C", numero_unidade: "303" }).returning({ id: unidades.id });
  const [rita, bruno] = await db
    .insert(moradores)
    .values([
      { unidade_id: unidade!.id, nome_completo: "Rita Horizonte", tipo_morador: "proprietario" },
      { unidade_id: unidade!.id, nome_completo: "Bruno Impedido", tipo_morador: "inquilino", cpf: "52998224725" },
    ])
    .returning({ id: moradores.id });
  await db
    .insert(bloqueios)
    .values({ tipo: "pessoa", nome: "Bruno Impedido", documento_numero: "52998224725", motivo: "Ameaçou o porteiro", condominio_id: condominio!.id });
  const id = randomUUID();
  dispositivoId = id;
  const token = randomBytes(24).toString("base64url");
  await db.insert(dispositivos).values({
    id,
    condominio_id: condominio!.id,
    nome: DISPOSITIVO,
    fabricante: "controlid",
    modelo: "iDFace",
    conexao: "saida",
    token_integracao: token,
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
    sensor_porta: true,
  });
  // What the synchronisation (§2.4) writes: the device's users 1 and 2 are Rita and Bruno, with their faces.
  await db.insert(pessoasDispositivo).values([
    { dispositivo_id: id, id_no_dispositivo: "1", pessoa_chave: `morador:${rita!.id}`, estado: "sincronizado" },
    { dispositivo_id: id, id_no_dispositivo: "2", pessoa_chave: `morador:${bruno!.id}`, estado: "sincronizado" },
  ]);
  facial.pessoas.set("1", { id: "1", nome: "Rita Horizonte", cartoes: [], face: true });
  facial.pessoas.set("2", { id: "2", nome: "Bruno Impedido", cartoes: [], face: true });
  facial.integracao = { url: `${portal.url}/api/integracoes/controlid/${token}`, modo: "online" };
  await createPortariaUser(portal, {
    ...OPERADOR,
    grupo: { nome: "Operadores da noite", permissions: ["registrar_acesso_visitante", "acionar_dispositivos", "visualizar_registros_acesso"] },
  });
  await createPortariaUser(portal, { ...TECNICO, grupo: { nome: "Técnicos", permissions: ["gerenciar_dispositivos"] } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await facial.desligar();
});

async function entrar(caminho: string, quem = OPERADOR) {
  const { page, context } = await browser.newPage();
  await login(page, portal.url, quem.email, quem.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}${caminho}`);
  return { page, context };
}

describe("what the devices report, on the screens", () => {
  it("a resident enters by face and Registros shows the device and the method; a blocked one is refused with the blocklist's reason on the device", async () => {
    expect(await facial.identificar({ tipo: "face", valor: "1" })).toEqual({ concedido: true, mensagem: "Bem-vindo(a), Rita." });
    expect(facial.aberturas).toHaveLength(1);
    const bruno = await facial.identificar({ tipo: "face", valor: "2" });
    expect(bruno.concedido).toBe(false);
    expect(facial.ultimaMensagem).toMatch(/Ameaçou o porteiro/);
    expect(facial.aberturas).toHaveLength(1);

    const { page, context } = await entrar("/portaria-web/registros");
    const tabela = page.getByRole("table");
    const linhaDaRita = tabela.getByRole("row").filter({ hasText: "Rita Horizonte" });
    await linhaDaRita.waitFor();
    await expect.poll(async () => linhaDaRita.textContent()).toMatch(new RegExp(`Dispositivo.*${DISPOSITIVO}`));
    expect(await linhaDaRita.textContent()).toContain("Liberado");
    const linhaDoBruno = tabela.getByRole("row").filter({ hasText: "Bruno Impedido" });
    expect(await linhaDoBruno.textContent()).toContain("Negado");
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("a forced door reaches the console at once; 'Ciente' takes it away and 'Alarmes' keeps who and when", async () => {
    const { page, context } = await entrar("/portaria-web/controle-acesso");
    await page.getByRole("list", { name: "Portões do condomínio" }).waitFor();
    // The door closed after Rita's entry: now someone forces it.
    await expect.poll(() => facial.portas.get(1), { timeout: 5_000 }).toBe("fechada");
    expect(facial.forcarPorta(1)).toBe(true);
    const alarmes = page.getByRole("region", { name: "Alarmes do condomínio" });
    await alarmes.getByText("Porta forçada: Portão social.").waitFor({ timeout: 10_000 });
    await expectNoA11yViolations(page);
    await alarmes.getByRole("button", { name: "Ciente: Porta forçada: Portão social." }).click();
    await page.getByText("Ciência registrada").first().waitFor();
    await alarmes.getByText("Porta forçada: Portão social.").waitFor({ state: "detached" });
    facial.fecharPorta(1);

    await page.goto(`${portal.url}/portaria-web/alarmes`);
    await page.getByRole("heading", { name: "Alarmes" }).waitFor();
    // Acknowledged: not among those without 'Ciente'; with 'Todos', with who and when.
    await page.getByText("Nenhum alarme").waitFor();
    await page.getByRole("combobox", { name: "Situação" }).click();
    await page.getByRole("option", { name: "Todos" }).click();
    const linha = page.getByRole("row").filter({ hasText: "Porta forçada: Portão social." });
    await linha.waitFor();
    expect(await linha.textContent()).toMatch(new RegExp(`${OPERADOR.nome} em \\d{2}/\\d{2}/\\d{4}`));
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("the device's page lists its recent events for the field technician", async () => {
    const { page, context } = await entrar(`/portaria-web/dispositivos/${dispositivoId}`, TECNICO);
    const eventos = page.getByRole("list", { name: "Eventos recentes do dispositivo" });
    await eventos.getByText("Rita Horizonte por rosto: liberado · Portão social").waitFor();
    await eventos.getByText(/^Bruno Impedido por rosto: negado \(.*Ameaçou o porteiro.*\) · Portão social$/).waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});
