import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTime } from "@shared/time";
import { bloqueios, condominios, moradores, presencas, prestadores, registrosAcesso, unidades, veiculos } from "../../db/schema";
import { createTestApp, databaseSnapshot, request, userWithPermissions } from "../../testing/harness";
import { verificarCadeia } from "../registros/cadeia";

// The gate (gatehouse-spec §3) as a porteiro of one condominium uses it through the API: the
// server decides who may enter, and every attempt becomes a chained record.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

const ids = { portaria: "", outro: "", a101: "", a102: "", ana: "", bruno: "", inativa: "", carro: "", jardim: "", vencido: "", alheia: "" };
let porteiro = "";

beforeAll(async () => {
  const [portaria, outro] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Portaria" }, { nome: "Condomínio Alheio" }])
    .returning();
  const [a101, a102, b1] = await db
    .insert(unidades)
    .values([
      { condominio_id: portaria!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: portaria!.id, bloco: "A", numero_unidade: "102" },
      { condominio_id: outro!.id, bloco: "A", numero_unidade: "101" },
    ])
    .returning();
  const [ana, bruno, inativa, alheia] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Beatriz Souza", cpf: "52998224725", telefone_celular: "11987654321", tipo_morador: "proprietario" },
      { unidade_id: a102!.id, nome_completo: "Bruno Lima", tipo_morador: "inquilino" },
      { unidade_id: a102!.id, nome_completo: "Carla Inativa", tipo_morador: "inquilino", ativo: false },
      { unidade_id: b1!.id, nome_completo: "Ana do Alheio", tipo_morador: "proprietario" },
    ])
    .returning();
  const [carro] = await db
    .insert(veiculos)
    .values({ morador_id: bruno!.id, unidade_id: a102!.id, placa: "QAZ1234", modelo: "Onix", cor: "Prata", tipo_veiculo: "carro" })
    .returning();
  const [jardim, vencido] = await db
    .insert(prestadores)
    .values([
      { nome_empresa_profissional: "Jardins Verdes", tipo_servico: "Jardinagem", condominio_id: portaria!.id, data_inicio_autorizacao: "2020-01-01" },
      {
        nome_empresa_profissional: "Piscinas Vencidas",
        tipo_servico: "Piscina",
        condominio_id: portaria!.id,
        data_inicio_autorizacao: "2025-01-01",
        data_fim_autorizacao: "2025-12-31",
      },
    ])
    .returning();
  Object.assign(ids, {
    portaria: portaria!.id,
    outro: outro!.id,
    a101: a101!.id,
    a102: a102!.id,
    ana: ana!.id,
    bruno: bruno!.id,
    inativa: inativa!.id,
    carro: carro!.id,
    jardim: jardim!.id,
    vencido: vencido!.id,
    alheia: alheia!.id,
  });
  // A porteiro of this condominium only, with no registry permission beyond the gate's.
  porteiro = (await userWithPermissions(t, "porteiro@teste.local", ["registrar_acesso_visitante"], [portaria!.id])).cookie;
});

const get = (url: string) => request(t, "GET", url, { cookie: porteiro });
const post = (url: string, payload: object) => request(t, "POST", url, { cookie: porteiro, payload });
const busca = async (q: string) => (await get(`/api/controle-acesso/busca?condominio_id=${ids.portaria}&q=${encodeURIComponent(q)}`)).json();
const entrada = (pessoa: object, extra: object = {}) => post("/api/controle-acesso/entrada", { condominio_id: ids.portaria, pessoa, ...extra });
const saida = (pessoa: object) => post("/api/controle-acesso/saida", { condominio_id: ids.portaria, pessoa });
const records = () => db.select().from(registrosAcesso).where(eq(registrosAcesso.condominio_id, ids.portaria));

describe("the one search box", () => {
  it("finds a resident by part of the name, by CPF and by unit, with what the porteiro needs, and nothing of another condominium", async () => {
    const byName = await busca("beatriz");
    expect(byName.moradores).toEqual([
      {
        id: ids.ana,
        nome_completo: "Ana Beatriz Souza",
        tipo_morador: "proprietario",
        telefone_celular: "11987654321",
        ativo: true,
        unidade: { id: ids.a101, bloco: "A", numero_unidade: "101" },
        dentro_desde: null,
      },
    ]);
    expect((await busca("529.982")).moradores.map((m: { id: string }) => m.id)).toEqual([ids.ana]);
    expect((await busca("A 102")).moradores.map((m: { nome_completo: string }) => m.nome_completo)).toEqual(["Bruno Lima", "Carla Inativa"]);
    expect((await busca("Ana")).moradores.map((m: { id: string }) => m.id)).toEqual([ids.ana]);
  });

  it("finds a unit typed as the porteiro reads it, whether its block is stored as 'C' or as 'Bloco C'", async () => {
    const [named] = await db.insert(unidades).values({ condominio_id: ids.portaria, bloco: "Bloco C", numero_unidade: "305" }).returning();
    const [helena] = await db.insert(moradores).values({ unidade_id: named!.id, nome_completo: "Helena Prado", tipo_morador: "inquilino" }).returning();
    try {
      for (const q of ["C 305", "c-305", "Bloco C - 305", "bloco c 305", "305"]) {
        expect(
          (await busca(q)).moradores.map((m: { id: string }) => m.id),
          q,
        ).toEqual([helena!.id]);
      }
      expect((await busca("D 305")).moradores).toEqual([]);
      // A block stored without the word is found with it typed, too.
      expect((await busca("Bloco A - 102")).moradores.map((m: { nome_completo: string }) => m.nome_completo)).toEqual(["Bruno Lima", "Carla Inativa"]);
    } finally {
      await db.delete(moradores).where(eq(moradores.id, helena!.id));
      await db.delete(unidades).where(eq(unidades.id, named!.id));
    }
  });

  it("finds a vehicle by part of its plate, written either way, with its owner and unit", async () => {
    for (const q of ["qaz-1234", "QAZ1", "az12"]) {
      const found = await busca(q);
      expect(
        found.veiculos.map((v: { id: string }) => v.id),
        q,
      ).toEqual([ids.carro]);
    }
    expect((await busca("qaz1234")).veiculos[0]).toMatchObject({
      placa: "QAZ1234",
      modelo: "Onix",
      cor: "Prata",
      morador: { id: ids.bruno, nome_completo: "Bruno Lima" },
    });
  });

  it("shows each provider's situation today", async () => {
    const found = (await busca("a")).prestadores as { nome_empresa_profissional: string; situacao_hoje: string }[];
    expect(found.map((p) => [p.nome_empresa_profissional, p.situacao_hoje])).toEqual([
      ["Jardins Verdes", "Autorizado hoje"],
      ["Piscinas Vencidas", "Fora do período autorizado"],
    ]);
  });

  it("is closed outside the porteiro's condominium, and to who may not register accesses", async () => {
    expect((await get(`/api/controle-acesso/busca?condominio_id=${ids.outro}&q=Ana`)).statusCode).toBe(404);
    const semPermissao = await userWithPermissions(t, "sem-portaria@teste.local", ["visualizar_unidades"]);
    const refused = await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.portaria}&q=Ana`, { cookie: semPermissao.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Você não tem permissão para registrar acessos.");
  });
});

describe("entries and exits", () => {
  it("registers an entry, shows who is inside, refuses a second entry, then registers the exit", async () => {
    const before = (await records()).length;
    const entered = await entrada({ tipo: "morador", morador_id: ids.ana });
    expect(entered.statusCode, entered.body).toBe(201);
    const [row] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, entered.json().registro_id));
    expect(entered.json()).toEqual({
      registro_id: row!.id,
      resultado: "liberado",
      titulo: "Entrada registrada",
      mensagem: `Ana Beatriz Souza entrou às ${formatTime(row!.registrado_em)}.`,
      pode_liberar: false,
    });
    expect(row).toMatchObject({
      sentido: "entrada",
      resultado: "liberado",
      tipo_pessoa: "morador",
      unidade_id: ids.a101,
      operador_nome: "Teste porteiro@teste.local",
    });

    const inside = (await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json();
    expect(inside.rows).toEqual([
      expect.objectContaining({
        nome_pessoa: "Ana Beatriz Souza",
        tipo_pessoa: "morador",
        unidade: { id: ids.a101, bloco: "A", numero_unidade: "101" },
        saida_nao_registrada: false,
      }),
    ]);
    expect((await busca("beatriz")).moradores[0].dentro_desde).toBe(inside.rows[0].entrou_em);

    const snapshot = await databaseSnapshot(t);
    const again = await entrada({ tipo: "morador", morador_id: ids.ana });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`Já está no condomínio desde ${formatTime(row!.registrado_em)}.`);
    expect(await databaseSnapshot(t)).toStrictEqual(snapshot);

    const left = await saida({ tipo: "morador", morador_id: ids.ana });
    expect(left.statusCode).toBe(201);
    expect(left.json()).toMatchObject({ titulo: "Saída registrada", mensagem: expect.stringMatching(/^Ana Beatriz Souza saiu às \d\d:\d\d\.$/) });
    expect((await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json().rows).toEqual([]);
    expect((await records()).length).toBe(before + 2);
    expect((await verificarCadeia(db, ids.portaria)).integra).toBe(true);
  });

  it("refuses a provider outside its period with the reason, records it, and lets the porteiro override naming who authorised", async () => {
    const refused = await entrada({ tipo: "prestador", prestador_id: ids.vencido });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({
      resultado: "negado",
      titulo: "Acesso negado",
      mensagem: "Prestador fora do período autorizado (01/01/2025 até 31/12/2025).",
      pode_liberar: true,
    });
    const [negado] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, refused.json().registro_id));
    expect(negado).toMatchObject({
      resultado: "negado",
      motivo: "Prestador fora do período autorizado (01/01/2025 até 31/12/2025).",
      tipo_pessoa: "prestador",
    });

    const missing = await entrada({ tipo: "prestador", prestador_id: ids.vencido }, { liberar_mesmo_assim: { autorizado_por: " " } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Informe quem autorizou a entrada.");

    const override = await entrada(
      { tipo: "prestador", prestador_id: ids.vencido },
      { liberar_mesmo_assim: { autorizado_por: "Síndico Marcos, por telefone" } },
    );
    expect(override.json()).toMatchObject({ resultado: "liberado", titulo: "Entrada registrada" });
    const [liberado] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, override.json().registro_id));
    expect(liberado).toMatchObject({ liberado_manualmente: true, autorizado_por: "Síndico Marcos, por telefone", motivo: negado!.motivo });
    await saida({ tipo: "prestador", prestador_id: ids.vencido });
  });

  it("refuses an inactive resident with 'Cadastro inativo.'", async () => {
    const refused = await entrada({ tipo: "morador", morador_id: ids.inativa });
    expect(refused.json()).toMatchObject({ resultado: "negado", mensagem: "Cadastro inativo.", pode_liberar: true });
  });

  it("stops a blocked plate, and no override passes the blocklist", async () => {
    await db.insert(bloqueios).values({ condominio_id: ids.portaria, tipo: "veiculo", placa: "QAZ1234", motivo: "Placa clonada" });
    const refused = await entrada({ tipo: "morador", morador_id: ids.bruno }, { placa: "QAZ-1234" });
    expect(refused.json()).toMatchObject({ resultado: "negado", mensagem: "Veículo bloqueado neste condomínio: Placa clonada.", pode_liberar: false });
    const forced = await entrada({ tipo: "morador", morador_id: ids.bruno }, { placa: "QAZ-1234", liberar_mesmo_assim: { autorizado_por: "Eu mesmo" } });
    expect(forced.json()).toMatchObject({ resultado: "negado", pode_liberar: false });
    expect(await db.select().from(presencas).where(eq(presencas.condominio_id, ids.portaria))).toEqual([]);
    // On foot, without the car, Bruno may come in.
    expect((await entrada({ tipo: "morador", morador_id: ids.bruno })).json()).toMatchObject({ resultado: "liberado" });
    await saida({ tipo: "morador", morador_id: ids.bruno });
  });

  it("stops a blocked person by document, in every condominium when the block says so", async () => {
    await db
      .insert(bloqueios)
      .values({ condominio_id: null, tipo: "pessoa", documento_numero: "52998224725", nome: "Ana Beatriz Souza", motivo: "Ordem judicial." });
    const refused = await entrada({ tipo: "morador", morador_id: ids.ana });
    expect(refused.json()).toMatchObject({ mensagem: "Pessoa bloqueada neste condomínio: Ordem judicial.", pode_liberar: false });
    await db.update(bloqueios).set({ removido_em: new Date() }).where(eq(bloqueios.documento_numero, "52998224725"));
  });

  it("refuses a person of another condominium as if they did not exist", async () => {
    const before = await databaseSnapshot(t);
    const response = await entrada({ tipo: "morador", morador_id: ids.alheia });
    expect(response.statusCode).toBe(404);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("lets one of two gates register the same person at the same instant; the other is told they are inside", async () => {
    const answers = await Promise.all([entrada({ tipo: "prestador", prestador_id: ids.jardim }), entrada({ tipo: "prestador", prestador_id: ids.jardim })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const entradas = await db
      .select()
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.prestador_id, ids.jardim), eq(registrosAcesso.sentido, "entrada")));
    expect(entradas).toHaveLength(1);
    expect((await verificarCadeia(db, ids.portaria)).integra).toBe(true);
    await saida({ tipo: "prestador", prestador_id: ids.jardim });
  });
});

describe("a visitor without pre-authorisation", () => {
  const visitante = (extra: object = {}) =>
    post("/api/controle-acesso/visitante", {
      condominio_id: ids.portaria,
      nome: "Diego Visitante",
      documento_tipo: "rg",
      documento_numero: "MG-12.345.678",
      unidade_id: ids.a101,
      autorizado_por_morador_id: ids.ana,
      placa: "ABC1D23",
      observacao: "Veio para o aniversário",
      ...extra,
    });

  it("needs a resident of the destination unit as who authorised it", async () => {
    const before = await databaseSnapshot(t);
    const wrong = await visitante({ autorizado_por_morador_id: ids.bruno });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ autorizado_por_morador_id: "Escolha um morador da unidade de destino." });
    // An inactive resident of the unit cannot authorise either.
    const inactive = await visitante({ unidade_id: ids.a102, autorizado_por_morador_id: ids.inativa });
    expect(inactive.json().error.fields).toEqual({ autorizado_por_morador_id: "Escolha um morador da unidade de destino." });
    const noName = await visitante({ nome: "  " });
    expect(noName.json().error.fields).toEqual({ nome: "Informe o nome do visitante." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("enters with 'Autorizado por', is inside, and leaves", async () => {
    const entered = await visitante();
    expect(entered.json()).toMatchObject({ resultado: "liberado", mensagem: expect.stringMatching(/^Diego Visitante entrou às \d\d:\d\d\.$/) });
    const [row] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, entered.json().registro_id));
    expect(row).toMatchObject({
      tipo_pessoa: "visitante",
      autorizado_por: "Ana Beatriz Souza",
      documento: "MG12345678",
      placa: "ABC1D23",
      observacao: "Veio para o aniversário",
      metodo: "manual",
    });
    const inside = (await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json().rows;
    const diego = inside.find((p: { nome_pessoa: string }) => p.nome_pessoa === "Diego Visitante");
    expect(diego).toMatchObject({ tipo_pessoa: "visitante", placa: "ABC1D23", unidade: { id: ids.a101 } });
    expect((await visitante()).statusCode).toBe(409);
    expect((await saida({ tipo: "presenca", presenca_id: diego.id })).json()).toMatchObject({ titulo: "Saída registrada" });
  });
});

describe("walk-ins with the same name and no document", () => {
  const motoboy = () =>
    post("/api/controle-acesso/visitante", {
      condominio_id: ids.portaria,
      nome: "Entregador iFood",
      unidade_id: ids.a102,
      autorizado_por_morador_id: ids.bruno,
    });
  const presentes = async () =>
    ((await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json().rows as { id: string; nome_pessoa: string }[]).filter(
      (p) => p.nome_pessoa === "Entregador iFood",
    );

  it("are two people: both enter, both are inside, each leaves by their own presence", async () => {
    const first = await motoboy();
    const second = await motoboy();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ resultado: "liberado", titulo: "Entrada registrada" });
    const inside = await presentes();
    expect(inside).toHaveLength(2);
    expect((await saida({ tipo: "presenca", presenca_id: inside[0]!.id })).json()).toMatchObject({ titulo: "Saída registrada" });
    expect((await presentes()).map((p) => p.id)).toEqual([inside[1]!.id]);
    expect((await saida({ tipo: "presenca", presenca_id: inside[1]!.id })).json()).toMatchObject({ titulo: "Saída registrada" });
    expect(await presentes()).toEqual([]);
    const rows = (await records()).filter((r) => r.nome_pessoa === "Entregador iFood").sort((a, b) => Number(a.seq) - Number(b.seq));
    expect(rows.map((r) => `${r.sentido}:${r.resultado}`)).toEqual(["entrada:liberado", "entrada:liberado", "saida:liberado", "saida:liberado"]);
    expect((await verificarCadeia(db, ids.portaria)).integra).toBe(true);
  });

  it("with the same document are one person: the second entry is told they are inside", async () => {
    const comDocumento = () =>
      post("/api/controle-acesso/visitante", {
        condominio_id: ids.portaria,
        nome: "Entregador Rappi",
        documento_tipo: "cpf",
        documento_numero: "111.444.777-35",
        unidade_id: ids.a102,
        autorizado_por_morador_id: ids.bruno,
      });
    expect((await comDocumento()).statusCode).toBe(201);
    const again = await comDocumento();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^Já está no condomínio desde /);
    const [inside] = ((await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json().rows as { id: string; nome_pessoa: string }[]).filter(
      (p) => p.nome_pessoa === "Entregador Rappi",
    );
    expect((await saida({ tipo: "presenca", presenca_id: inside!.id })).statusCode).toBe(201);
  });

  it("refuses a document of type CPF whose check digits do not hold, with the CPF message, and writes nothing", async () => {
    const before = await databaseSnapshot(t);
    for (const documento_numero of ["111.444.777-36", "12345678900", "222.222.222-22"]) {
      const response = await post("/api/controle-acesso/visitante", {
        condominio_id: ids.portaria,
        nome: "Visita CPF Errado",
        documento_tipo: "cpf",
        documento_numero,
        unidade_id: ids.a102,
        autorizado_por_morador_id: ids.bruno,
      });
      expect(response.statusCode, documento_numero).toBe(400);
      expect(response.json().error.fields, documento_numero).toEqual({ documento_numero: "CPF inválido. Confira os números." });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });
});

describe("the visitor form's pick-lists", () => {
  it("lists the condominium's units and each unit's active residents to a porteiro without the units' permissions", async () => {
    const units = await get(`/api/controle-acesso/unidades?condominio_id=${ids.portaria}`);
    expect(units.statusCode).toBe(200);
    expect(units.json()).toEqual({
      rows: [
        { id: ids.a101, bloco: "A", numero_unidade: "101" },
        { id: ids.a102, bloco: "A", numero_unidade: "102" },
      ],
      total: 2,
    });
    const residents = await get(`/api/controle-acesso/unidades/${ids.a102}/moradores`);
    expect(residents.statusCode).toBe(200);
    // Carla Inativa cannot authorise a visitor.
    expect(residents.json()).toEqual({ rows: [{ id: ids.bruno, nome_completo: "Bruno Lima" }], total: 1 });
  });

  it("answers 404 for another condominium and its units, as if they did not exist", async () => {
    expect((await get(`/api/controle-acesso/unidades?condominio_id=${ids.outro}`)).statusCode).toBe(404);
    const [alheia] = await db.select().from(moradores).where(eq(moradores.id, ids.alheia));
    const response = await get(`/api/controle-acesso/unidades/${alheia!.unidade_id}/moradores`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("Unidade não encontrada.");
    expect((await get(`/api/controle-acesso/unidades/00000000-0000-4000-8000-000000000000/moradores`)).statusCode).toBe(404);
  });
});

describe("'Quem está no condomínio'", () => {
  it("marks someone inside for more than 12 hours as 'Saída não registrada'", async () => {
    const [old] = await db
      .insert(registrosAcesso)
      .values({
        condominio_id: ids.portaria,
        tipo_pessoa: "entregador",
        nome_pessoa: "Entregador Antigo",
        sentido: "entrada",
        resultado: "liberado",
        metodo: "manual",
      })
      .returning();
    await db.insert(presencas).values({
      condominio_id: ids.portaria,
      pessoa_chave: "visitante:antigo",
      tipo_pessoa: "entregador",
      nome_pessoa: "Entregador Antigo",
      registro_entrada_id: old!.id,
      entrou_em: new Date(Date.now() - 13 * 3_600_000),
    });
    const rows = (await get(`/api/controle-acesso/presentes?condominio_id=${ids.portaria}`)).json().rows;
    expect(rows.find((r: { nome_pessoa: string }) => r.nome_pessoa === "Entregador Antigo")).toMatchObject({ saida_nao_registrada: true });
  });
});

describe("a walk-in to a unit with no active resident", () => {
  let vazia = "";
  beforeAll(async () => {
    const [unidade] = await db.insert(unidades).values({ condominio_id: ids.portaria, bloco: "A", numero_unidade: "103" }).returning();
    vazia = unidade!.id;
    // A former resident, inactive: nobody of the unit can answer the intercom.
    await db.insert(moradores).values({ unidade_id: vazia, nome_completo: "Ex Morador", tipo_morador: "inquilino", ativo: false });
  });
  const visita = (extra: object) =>
    post("/api/controle-acesso/visitante", { condominio_id: ids.portaria, nome: "Técnico da Vivo", unidade_id: vazia, ...extra });

  it("records 'Autorizado por' as typed, trimmed", async () => {
    expect((await get(`/api/controle-acesso/unidades/${vazia}/moradores`)).json()).toEqual({ rows: [], total: 0 });
    const response = await visita({ autorizado_por_nome: "  Síndico Carlos (interfone)  " });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, response.json().registro_id));
    expect(row).toMatchObject({ resultado: "liberado", autorizado_por: "Síndico Carlos (interfone)", unidade_id: vazia, metodo: "manual" });
    const [presenca] = await db.select().from(presencas).where(eq(presencas.registro_entrada_id, row!.id));
    expect((await saida({ tipo: "presenca", presenca_id: presenca!.id })).statusCode).toBe(201);
  });

  it("needs that name, within 200 characters; a unit with residents still needs one of them; nothing is written", async () => {
    const cases: [Promise<{ statusCode: number; json: () => { error: { fields: Record<string, string> } } }>, Record<string, string>][] = [
      [visita({}), { autorizado_por_nome: "Informe quem autorizou a entrada." }],
      [visita({ autorizado_por_nome: "   " }), { autorizado_por_nome: "Informe quem autorizou a entrada." }],
      [visita({ autorizado_por_nome: "x".repeat(201) }), { autorizado_por_nome: "Use no máximo 200 caracteres." }],
      [visita({ autorizado_por_morador_id: ids.inativa }), { autorizado_por_morador_id: "Escolha um morador da unidade de destino." }],
      // Bloco A - 102 has Bruno Lima: the typed name is not taken instead of him.
      [visita({ unidade_id: ids.a102, autorizado_por_nome: "Síndico" }), { autorizado_por_morador_id: "Escolha o morador que autorizou a entrada." }],
      [visita({ unidade_id: ids.a102 }), { autorizado_por_morador_id: "Escolha o morador que autorizou a entrada." }],
    ];
    const before = await databaseSnapshot(t);
    for (const [pending, fields] of cases) {
      const response = await pending;
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });
});
