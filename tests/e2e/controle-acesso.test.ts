import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bloqueios, condominios, moradores, presencas, prestadores, registrosAcesso, unidades, veiculos } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";
import { dateInSaoPaulo, formatDateTime } from "@shared/time";
import { selarCabecas } from "../../src/server/modules/registros/selos";

// The gate console (gatehouse-spec §3) as a porteiro of one condominium uses it, holding
// registrar_acesso_visitante and visualizar_registros_acesso (no registry permission: the
// residents' names, units and phones come from the console itself): find, let in by the keyboard,
// see who is inside, let out; the server's refusals on screen; a visitor without
// pre-authorisation. Then, in the same session, what he registered in Registros (§5): the day's
// CSV export read back and 'Verificar integridade'.
let portal: RunningPortal;
let browser: BrowserHandle;
let page: Page;
let aurora = "";

/**
 * The records of Residencial Aurora this file makes today, in order: Ana's entry and exit, the
 * provider refused then let in, the blocked plate refused, Diego's entry, and the forgotten
 * delivery man's entry (inserted) and exit.
 */
const EXPECTED_RECORDS = 8;
const PORTEIRO = { email: "paulo.porteiro@teste.local", password: "senha-do-paulo-1", nome: "Paulo Porteiro" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [a, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  aurora = a!.id;
  const [a101, a102, b7] = await db
    .insert(unidades)
    .values([
      { condominio_id: aurora, bloco: "A", numero_unidade: "101" },
      { condominio_id: aurora, bloco: "A", numero_unidade: "102" },
      { condominio_id: bosque!.id, numero_unidade: "7" },
    ])
    .returning();
  const [, bruno] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Beatriz Souza", cpf: "52998224725", telefone_celular: "11987654321", tipo_morador: "proprietario" },
      { unidade_id: a102!.id, nome_completo: "Bruno Lima", tipo_morador: "inquilino" },
      { unidade_id: b7!.id, nome_completo: "Ana do Bosque", tipo_morador: "proprietario" },
    ])
    .returning();
  await db.insert(veiculos).values({ morador_id: bruno!.id, unidade_id: a102!.id, placa: "QAZ1234", modelo: "Onix", cor: "Prata", tipo_veiculo: "carro" });
  await db.insert(prestadores).values({
    nome_empresa_profissional: "Piscinas Vencidas",
    tipo_servico: "Piscina",
    condominio_id: aurora,
    data_inicio_autorizacao: "2020-01-01",
    data_fim_autorizacao: "2020-12-31",
  });
  await db.insert(bloqueios).values({ condominio_id: aurora, tipo: "veiculo", placa: "QAZ1234", motivo: "Placa clonada" });
  await createPortariaUser(portal, {
    ...PORTEIRO,
    grupo: { nome: "Porteiros", permissions: ["registrar_acesso_visitante", "visualizar_registros_acesso"] },
    condominioIds: [aurora],
  });

  ({ page } = await browser.newPage());
  await login(page, portal.url, PORTEIRO.email, PORTEIRO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const searchBox = () => page.getByRole("searchbox", { name: "Buscar" });
const presentes = () => page.getByRole("list", { name: "Quem está no condomínio" });
/** The residents inside: apart from the visitors, collapsed until opened. */
const moradoresDentro = () => page.getByRole("list", { name: "Moradores no condomínio" });
const aviso = () => page.getByRole("alert").filter({ hasText: "Acesso negado" });
const focusedPlaceholder = () => page.evaluate(() => document.activeElement?.getAttribute("placeholder"));

/** Types `text` in the emptied search box and presses Enter (searches at once). */
async function buscar(text: string) {
  await searchBox().fill("");
  await searchBox().focus();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** The success toast of a registration (a toast of an earlier one may still be on screen); its text. */
async function expectToast(title: string, text: RegExp) {
  const toast = toastLocator(page).filter({ hasText: title }).filter({ hasText: text });
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

/** The "HH:mm" a success toast announced ('… entrou às HH:mm.'). */
const horaDoToast = (text: string) => /às (\d\d:\d\d)\./.exec(text)![1]!;
/** What the porteiro was told at the console, kept for Registros and the CSV. */
const anunciado = { anaEntrou: "", anaSaiu: "", diegoEntrou: "" };

describe("a porteiro of Residencial Aurora at the gate", () => {
  it("opens on his only condominium with the search box focused, axe-clean", async () => {
    await page.goto(`${portal.url}/portaria-web/controle-acesso`);
    await expect.poll(() => page.getByRole("combobox", { name: "Condomínio da portaria" }).textContent()).toBe("Residencial Aurora");
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");
    await page.getByText("Ninguém no condomínio agora").waitFor();
    await expectNoA11yViolations(page);
  });

  it("finds a resident by part of the name and by CPF, and nobody of another condominium", async () => {
    await searchBox().focus();
    await page.keyboard.type("ana");
    // Typing searches after a pause, without Enter.
    const moradoresList = page.getByRole("list", { name: /Moradores/ });
    await moradoresList.getByText("Ana Beatriz Souza").waitFor();
    expect(await moradoresList.getByRole("listitem").count()).toBe(1);
    expect(await moradoresList.textContent()).toContain("Bloco A - 101");
    expect(await moradoresList.textContent()).toContain("(11) 98765-4321");
    await page.getByRole("status").filter({ hasText: "1 resultado encontrado." }).waitFor();
    expect(await page.getByText("Ana do Bosque").count()).toBe(0);

    await buscar("529.982.247-25");
    await page
      .getByRole("list", { name: /Moradores/ })
      .getByText("Ana Beatriz Souza")
      .waitFor();
    await expectNoA11yViolations(page);
  });

  it("registers the entry with the keyboard, shows her inside, offers the exit on a second entry, and registers the exit", async () => {
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Registrar entrada");
    await page.keyboard.press("Enter");
    anunciado.anaEntrou = horaDoToast(await expectToast("Entrada registrada", /Ana Beatriz Souza entrou às \d\d:\d\d\./));
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");

    // A resident is not among the visitors: counted apart, collapsed.
    await page.getByText("Moradores no condomínio").waitFor();
    expect(await presentes().count()).toBe(0);
    await page.getByText(/^No condomínio desde \d\d:\d\d$/).waitFor();

    // Entering again: 'Já está no condomínio desde HH:mm.' and the exit offered instead.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const jaDentro = page.getByRole("alert").filter({ hasText: "Entrada já registrada" });
    await jaDentro.waitFor();
    expect(await jaDentro.textContent()).toMatch(/Já está no condomínio desde \d\d:\d\d\./);
    await expect.poll(() => jaDentro.getByRole("button", { name: "Registrar saída" }).count()).toBe(1);

    await page.getByText("Moradores no condomínio").click();
    const row = moradoresDentro().getByRole("listitem").filter({ hasText: "Ana Beatriz Souza" });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/MoradorBloco A - 101desde \d\d:\d\dmenos de 1 min/);
    expect(await row.getByText("Saída não registrada").count()).toBe(0);
    await row.getByRole("button", { name: "Registrar saída" }).click();
    anunciado.anaSaiu = horaDoToast(await expectToast("Saída registrada", /Ana Beatriz Souza saiu às \d\d:\d\d\./));
    await page.getByText("Ninguém no condomínio agora").waitFor();
  });

  it("refuses a provider outside its period with the spec's reason, and lets him in naming who authorised", async () => {
    await buscar("piscinas");
    const list = page.getByRole("list", { name: /Prestadores/ });
    await list.getByText("Fora do período autorizado").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await aviso().waitFor();
    expect(await aviso().textContent()).toContain("Prestador fora do período autorizado (01/01/2020 até 31/12/2020).");

    await aviso().getByRole("button", { name: "Liberar mesmo assim" }).click();
    const dialog = page.getByRole("dialog", { name: "Liberar mesmo assim" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Liberar entrada" }).click();
    await dialog.getByText("Informe quem autorizou a entrada.").first().waitFor();
    await dialog.getByRole("textbox", { name: "Autorizado por" }).fill("Síndico Marcos, por telefone");
    await dialog.getByRole("button", { name: "Liberar entrada" }).click();
    await expectToast("Entrada registrada", /Piscinas Vencidas entrou às/);
    await dialog.waitFor({ state: "detached" });
    await presentes().getByRole("listitem").filter({ hasText: "Piscinas Vencidas" }).waitFor();
    const [override] = await portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.liberado_manualmente, true));
    expect(override).toMatchObject({ autorizado_por: "Síndico Marcos, por telefone", nome_pessoa: "Piscinas Vencidas" });
  });

  it("stops a blocked plate with no 'Liberar mesmo assim'", async () => {
    await buscar("qaz1234");
    const list = page.getByRole("list", { name: /Veículos/ });
    await list.getByText("QAZ-1234").waitFor();
    expect(await list.textContent()).toContain("Bruno Lima");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await aviso().filter({ hasText: "Veículo bloqueado neste condomínio: Placa clonada." }).waitFor();
    expect(await aviso().getByRole("button", { name: "Liberar mesmo assim" }).count()).toBe(0);
    expect(await presentes().getByRole("listitem").filter({ hasText: "Bruno Lima" }).count()).toBe(0);
  });

  it("lets a visitor without pre-authorisation in, authorised by a resident of the unit", async () => {
    await page.getByRole("button", { name: "Visitante sem pré-autorização" }).click();
    const dialog = page.getByRole("dialog", { name: "Visitante sem pré-autorização" });
    await dialog.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);

    await dialog.getByRole("textbox", { name: "Nome" }).fill("Diego Visitante");
    await dialog.getByRole("combobox", { name: "Unidade de destino" }).click();
    await page.getByRole("option", { name: "Bloco A - 101" }).click();
    await dialog.getByRole("combobox", { name: "Autorizado por" }).click();
    await page.getByRole("option", { name: "Ana Beatriz Souza" }).click();
    await dialog.getByRole("textbox", { name: "Placa" }).fill("ABC1D23");
    await dialog.getByRole("button", { name: "Registrar entrada" }).click();
    anunciado.diegoEntrou = horaDoToast(await expectToast("Entrada registrada", /Diego Visitante entrou às \d\d:\d\d\./));
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedPlaceholder).toBe("Buscar por nome, CPF, placa, unidade ou código...");

    const row = presentes().getByRole("listitem").filter({ hasText: "Diego Visitante" });
    await row.waitFor();
    expect(await row.textContent()).toContain("VisitanteBloco A - 101ABC1D23");
    const [registro] = await portal.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, "Diego Visitante"));
    expect(registro).toMatchObject({ autorizado_por: "Ana Beatriz Souza", tipo_pessoa: "visitante", placa: "ABC1D23" });
    await expectNoA11yViolations(page);
  });

  it("highlights someone inside for more than 12 hours as 'Saída não registrada', and lets them out", async () => {
    const db = portal.database.db;
    const [entrada] = await db
      .insert(registrosAcesso)
      .values({
        condominio_id: aurora,
        tipo_pessoa: "entregador",
        nome_pessoa: "Entregador Esquecido",
        sentido: "entrada",
        resultado: "liberado",
        metodo: "manual",
      })
      .returning();
    // Written as the portal's own import is: sealed (a record without a seal is reported by 'Verificar integridade').
    await selarCabecas(db, portal.portal.cadeia.chave, [aurora]);
    await db.insert(presencas).values({
      condominio_id: aurora,
      pessoa_chave: "visitante:esquecido",
      tipo_pessoa: "entregador",
      nome_pessoa: "Entregador Esquecido",
      registro_entrada_id: entrada!.id,
      entrou_em: new Date(Date.now() - 13 * 3_600_000),
    });
    await page.reload();
    const row = presentes().getByRole("listitem").filter({ hasText: "Entregador Esquecido" });
    await row.getByText("Saída não registrada").waitFor();
    expect(await row.textContent()).toMatch(/Entregador.*13 h 0\d min/);
    await expectNoA11yViolations(page);
    await row.getByRole("button", { name: "Registrar saída" }).click();
    await expectToast("Saída registrada", /Entregador Esquecido saiu às/);
    await row.waitFor({ state: "detached" });
  });

  it("finds what he registered in Registros, exports the day's CSV and reads it back, and verifies the chain", async () => {
    await page.goto(`${portal.url}/portaria-web/registros`);
    await page.getByRole("heading", { level: 1, name: "Registros de Acesso" }).waitFor();
    const rows = page.getByRole("table", { name: "Registros de acesso" }).getByRole("row");
    // Today's records, newest first: Ana's entry and exit, the refused provider, the blocked plate.
    await rows.filter({ hasText: "Entregador Esquecido" }).first().waitFor();
    // Her own records (the walk-in she authorised names her too: 'Autorizado por', in the row).
    const ana = await rows.filter({ hasText: "Ana Beatriz Souza" }).filter({ hasNotText: "Autorizado por: Ana Beatriz Souza" }).allTextContents();
    expect(ana).toHaveLength(2);
    expect(await rows.filter({ hasText: "Diego Visitante" }).first().textContent()).toContain("Autorizado por: Ana Beatriz Souza");
    expect(ana[0]).toMatch(new RegExp(`${anunciado.anaSaiu}.*Saída.*Liberado.*Paulo Porteiro`));
    expect(ana[1]).toMatch(new RegExp(`${anunciado.anaEntrou}.*Entrada.*Liberado.*Paulo Porteiro`));
    const piscinas = await rows.filter({ hasText: "Piscinas Vencidas" }).allTextContents();
    expect(piscinas.some((r) => r.includes("Negado") && r.includes("Prestador fora do período autorizado (01/01/2020 até 31/12/2020)."))).toBe(true);
    expect(await rows.filter({ hasText: "Veículo bloqueado neste condomínio: Placa clonada." }).count()).toBe(1);

    // 'Exportar CSV' of the day (the default period): the file a Brazilian Excel opens.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    const download = await downloading;
    const hoje = dateInSaoPaulo(Date.now());
    expect(download.suggestedFilename()).toBe(`registros-${hoje}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...linhas] = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(header).toBe("Data e hora;Condomínio;Pessoa;Documento;Tipo;Unidade;Placa;Sentido;Resultado;Motivo;Método;Autorizado por;Operador;Correção");
    expect(linhas.pop()).toBe("");
    const csv = linhas.map((l) => l.split(";"));
    expect(csv.map((f) => f.length)).toEqual(csv.map(() => 14));
    await page
      .getByRole("status")
      .filter({ hasText: `Exportação concluída: ${csv.length} registros em registros-${hoje}.csv.` })
      .waitFor();

    // Every row of the day, newest first, in São Paulo time: the hours the console announced.
    const [dd, mm, yyyy] = [hoje.slice(8, 10), hoje.slice(5, 7), hoje.slice(0, 4)];
    const dia = `${dd}/${mm}/${yyyy}`;
    expect(csv.map(([quando]) => quando)).toEqual(csv.map(() => expect.stringMatching(new RegExp(`^${dia} \\d\\d:\\d\\d$`))));
    const quandos = csv.map(([quando]) => quando!.slice(11));
    expect([...quandos].sort().reverse()).toEqual(quandos);
    const campos = (f: string[]) => ({
      pessoa: f[2],
      tipo: f[4],
      unidade: f[5],
      placa: f[6],
      sentido: f[7],
      resultado: f[8],
      motivo: f[9],
      autorizadoPor: f[11],
      operador: f[12],
    });
    const linhasDe = (pessoa: string) => csv.filter((f) => f[2] === pessoa);
    const [anaSaida, anaEntrada] = linhasDe("Ana Beatriz Souza");
    expect(anaEntrada?.[0]).toBe(`${dia} ${anunciado.anaEntrou}`);
    expect(anaSaida?.[0]).toBe(`${dia} ${anunciado.anaSaiu}`);
    expect(campos(anaEntrada!)).toEqual({
      pessoa: "Ana Beatriz Souza",
      tipo: "Morador",
      unidade: "Bloco A - 101",
      placa: "",
      sentido: "Entrada",
      resultado: "Liberado",
      motivo: "",
      autorizadoPor: "",
      operador: "Paulo Porteiro",
    });
    expect(campos(anaSaida!)).toMatchObject({ pessoa: "Ana Beatriz Souza", sentido: "Saída", resultado: "Liberado", operador: "Paulo Porteiro" });
    const [piscinasLiberado, piscinasNegado] = linhasDe("Piscinas Vencidas");
    expect(campos(piscinasNegado!)).toMatchObject({
      tipo: "Prestador",
      sentido: "Entrada",
      resultado: "Negado",
      motivo: "Prestador fora do período autorizado (01/01/2020 até 31/12/2020).",
      operador: "Paulo Porteiro",
    });
    expect(campos(piscinasLiberado!)).toMatchObject({ sentido: "Entrada", resultado: "Liberado manualmente", autorizadoPor: "Síndico Marcos, por telefone" });
    const [bloqueada] = csv.filter((f) => f[6] === "QAZ-1234");
    expect(campos(bloqueada!)).toMatchObject({ sentido: "Entrada", resultado: "Negado", motivo: "Veículo bloqueado neste condomínio: Placa clonada." });
    const [diego] = linhasDe("Diego Visitante");
    expect(diego?.[0]).toBe(`${dia} ${anunciado.diegoEntrou}`);
    expect(campos(diego!)).toMatchObject({
      tipo: "Visitante",
      unidade: "Bloco A - 101",
      placa: "ABC1D23",
      sentido: "Entrada",
      resultado: "Liberado",
      autorizadoPor: "Ana Beatriz Souza",
    });
    expect(linhasDe("Entregador Esquecido").map((f) => f[7])).toEqual(["Saída", "Entrada"]);
    // Nothing but the day's records of his condominium, each once.
    expect(csv.map((f) => f[1])).toEqual(csv.map(() => "Residencial Aurora"));
    expect(csv).toHaveLength(EXPECTED_RECORDS);
    // São Paulo time, not the server's UTC: Ana's entry as stored, read in São Paulo.
    const [stored] = await portal.database.db
      .select({ registrado_em: registrosAcesso.registrado_em })
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.nome_pessoa, "Ana Beatriz Souza"), eq(registrosAcesso.sentido, "entrada")));
    expect(anaEntrada?.[0]).toBe(formatDateTime(stored!.registrado_em));
    expect(anaEntrada?.[0]?.slice(11, 13)).not.toBe(String(stored!.registrado_em.getUTCHours()).padStart(2, "0"));

    // 'Verificar integridade' of his condominium over the day: every record he sees, chained.
    await page.getByRole("combobox", { name: "Condomínio", exact: true }).click();
    await page.getByRole("option", { name: "Residencial Aurora", exact: true }).click();
    await page.getByRole("button", { name: "Verificar integridade" }).click();
    // Read the answer as soon as it is shown, whatever it says.
    const resultado = page.getByTestId("resultado-integridade");
    await resultado.waitFor();
    expect(await resultado.textContent()).toBe(`Registros íntegros: ${EXPECTED_RECORDS} verificados.`);
    await expectNoA11yViolations(page);
  });
});
