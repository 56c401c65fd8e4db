import { and, eq, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { bloqueios, condominios, moradores, presencas, prestadores, registrosAcesso, unidades, veiculos } from "../../db/schema";
import { createTestApp, databaseSnapshot, request, userWithPermissions } from "../../testing/harness";
import { verificarCadeia } from "../registros/cadeia";

// The blocklist at the gate, as an attacker tries it (issue 26; gatehouse-spec §3, §6, §9;
// docs/decisions/0001-bloqueio-na-portaria.md): a blocked person leaves out the document, shows
// an RG instead of the CPF, writes the name in capitals or without accents; a blocked plate comes
// with or without its dash. Every entry path: a searched resident or provider, a pre-authorised
// visitor (by the search, its code and its QR), a walk-in, a vehicle. Each attempt must be stopped
// (or pass, for a removed or expired block) and write nothing but what the rule says.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

const ids = { portaria: "", outro: "", a101: "", ana: "", bruno: "", homonimo: "", semCpf: "", carro: "", jardim: "", xara: "" };
let porteiro = "";

/** The blocked person: CPF on the block, name with accents. */
const CARLOS = { nome: "Carlos Antônio Pereira", cpf: "12345678909" };
const MOTIVO_CARLOS = "Agrediu o porteiro.";
const PARE_CARLOS = "Pessoa bloqueada neste condomínio: Agrediu o porteiro.";
const SEM_DOCUMENTO = `${PARE_CARLOS} O nome confere com o bloqueio e nenhum documento foi informado: confira a identidade.`;
const OUTRO_DOCUMENTO = `${PARE_CARLOS} O nome confere com o bloqueio, mas o documento é outro: confira a identidade.`;

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  const [portaria, outro] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Bloqueios na Portaria" }, { nome: "Condomínio Vizinho" }])
    .returning();
  const [a101] = await db.insert(unidades).values({ condominio_id: portaria!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [ana, bruno, homonimo, semCpf, xara] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Moradora", cpf: "98765432100", tipo_morador: "proprietario" },
      { unidade_id: a101!.id, nome_completo: "Bruno Motorista", cpf: "11144477735", tipo_morador: "proprietario" },
      // A resident with the blocked person's name (in capitals) and another CPF.
      { unidade_id: a101!.id, nome_completo: "CARLOS ANTONIO PEREIRA", cpf: "22233344405", tipo_morador: "inquilino" },
      // The blocked person's name, spaced and unaccented, no CPF on file.
      { unidade_id: a101!.id, nome_completo: "  carlos  antonio pereira ", tipo_morador: "inquilino" },
      // Blocked by a block of the neighbour only.
      { unidade_id: a101!.id, nome_completo: "Xará do Vizinho", cpf: "39053344705", tipo_morador: "inquilino" },
    ])
    .returning();
  const [carro] = await db
    .insert(veiculos)
    .values({ morador_id: bruno!.id, unidade_id: a101!.id, placa: "QAZ1234", modelo: "Onix", cor: "Prata", tipo_veiculo: "carro" })
    .returning();
  const [jardim] = await db
    .insert(prestadores)
    .values({
      nome_empresa_profissional: "Carlos Antonio Pereira",
      tipo_servico: "Jardinagem",
      condominio_id: portaria!.id,
      data_inicio_autorizacao: "2020-01-01",
    })
    .returning();
  Object.assign(ids, {
    portaria: portaria!.id,
    outro: outro!.id,
    a101: a101!.id,
    ana: ana!.id,
    bruno: bruno!.id,
    homonimo: homonimo!.id,
    semCpf: semCpf!.id,
    xara: xara!.id,
    carro: carro!.id,
    jardim: jardim!.id,
  });
  await db.insert(bloqueios).values([
    { condominio_id: portaria!.id, tipo: "pessoa", nome: CARLOS.nome, documento_numero: CARLOS.cpf, motivo: MOTIVO_CARLOS },
    // Every condominium: a person known by the name only, and a plate.
    { condominio_id: null, tipo: "pessoa", nome: "Dênis  Sem Documento", motivo: "Furto de encomendas" },
    { condominio_id: null, tipo: "veiculo", placa: "QAZ1234", motivo: "Placa clonada" },
    // The neighbour's only.
    { condominio_id: outro!.id, tipo: "pessoa", nome: "Xará do Vizinho", documento_numero: "39053344705", motivo: "Só no vizinho" },
    // Ended: removed yesterday, or its last day was yesterday.
    { condominio_id: portaria!.id, tipo: "pessoa", nome: "Ana Moradora", documento_numero: "98765432100", motivo: "Removido", removido_em: new Date() },
    { condominio_id: portaria!.id, tipo: "pessoa", nome: "Ana Moradora", motivo: "Expirado", valido_ate: addDays(today(), -1) },
    { condominio_id: portaria!.id, tipo: "veiculo", placa: "EXP1A23", motivo: "Expirado", valido_ate: addDays(today(), -1) },
  ]);
  porteiro = (await userWithPermissions(t, "porteiro-bloqueios@teste.local", ["registrar_acesso_visitante"], [portaria!.id])).cookie;
});

const post = (url: string, payload: object) => request(t, "POST", url, { cookie: porteiro, payload });
const entrada = (pessoa: object, extra: object = {}) => post("/api/controle-acesso/entrada", { condominio_id: ids.portaria, pessoa, ...extra });
const walkIn = (extra: object) =>
  post("/api/controle-acesso/visitante", { condominio_id: ids.portaria, unidade_id: ids.a101, autorizado_por_morador_id: ids.ana, ...extra });
const busca = async (q: string) => {
  const response = await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.portaria}&q=${encodeURIComponent(q)}`, { cookie: porteiro });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Registro = typeof registrosAcesso.$inferSelect;
type Resposta = { resultado: string; titulo: string; mensagem: string; pode_liberar: boolean };

/**
 * One attempt at the gate: its answer, the records it wrote, and the other tables it changed
 * (the records' own chain tables, `portaria_web_registros*`, aside).
 */
async function tentativa(send: () => ReturnType<typeof post>): Promise<{ body: Resposta; novos: Registro[]; outras: string[] }> {
  const [{ seq } = { seq: 0 }] = await db
    .select({ seq: max(registrosAcesso.seq) })
    .from(registrosAcesso)
    .where(eq(registrosAcesso.condominio_id, ids.portaria));
  const before = await databaseSnapshot(t);
  const response = await send();
  expect(response.statusCode, response.body).toBe(201);
  const after = await databaseSnapshot(t);
  const outras = Object.keys(after).filter((name) => after[name] !== before[name] && !name.startsWith("portaria_web_registros"));
  const novos = await db
    .select()
    .from(registrosAcesso)
    .where(and(eq(registrosAcesso.condominio_id, ids.portaria), gt(registrosAcesso.seq, seq ?? 0)))
    .orderBy(registrosAcesso.seq);
  return { body: response.json(), novos, outras };
}

/** Stopped: 'Acesso negado' with `mensagem`, one refused record with it as the reason, nobody inside, nothing else written. */
async function parado(send: () => ReturnType<typeof post>, mensagem: string, podeLiberar: boolean) {
  const { body, novos, outras } = await tentativa(send);
  expect(body).toMatchObject({ resultado: "negado", titulo: "Acesso negado", mensagem, pode_liberar: podeLiberar });
  expect(novos).toHaveLength(1);
  expect(novos[0]).toMatchObject({ sentido: "entrada", resultado: "negado", motivo: mensagem, liberado_manualmente: false });
  expect(outras).toEqual([]);
  return novos[0]!;
}

/** Let in: one record 'liberado', a presence opened; then out again (through the presence). */
async function entrou(send: () => ReturnType<typeof post>) {
  const { body, novos, outras } = await tentativa(send);
  expect(body, body.mensagem).toMatchObject({ resultado: "liberado", titulo: "Entrada registrada" });
  expect(novos).toEqual([expect.objectContaining({ resultado: "liberado" })]);
  expect(outras).toEqual(["portaria_web_presencas"]);
  await sair(novos[0]!.id);
  return novos[0]!;
}

async function sair(registroEntradaId: string) {
  const [presenca] = await db.select().from(presencas).where(eq(presencas.registro_entrada_id, registroEntradaId));
  const left = await post("/api/controle-acesso/saida", { condominio_id: ids.portaria, pessoa: { tipo: "presenca", presenca_id: presenca!.id } });
  expect(left.statusCode, left.body).toBe(201);
}

describe("a walk-in visitor ('Visitante sem pré-autorização')", () => {
  it("with the blocked CPF, under any name and punctuation: a hard stop no override passes", async () => {
    await parado(() => walkIn({ nome: "Outro Nome Qualquer", documento_tipo: "cpf", documento_numero: "123.456.789-09" }), PARE_CARLOS, false);
    await parado(
      () => walkIn({ nome: "Outro Nome Qualquer", documento_tipo: "cpf", documento_numero: "12345678909", liberar_mesmo_assim: { autorizado_por: "Síndico" } }),
      PARE_CARLOS,
      false,
    );
  });

  it("leaving out the document, in capitals, without accents, with extra spaces: stopped, never silently let in", async () => {
    for (const nome of ["Carlos Antônio Pereira", "CARLOS ANTÔNIO PEREIRA", "carlos antonio pereira", "  Carlos   Antonio  PEREIRA  "]) {
      await parado(() => walkIn({ nome }), SEM_DOCUMENTO, true);
    }
  });

  it("with an RG instead of the blocked CPF: stopped for the porteiro to decide", async () => {
    await parado(() => walkIn({ nome: "CARLOS ANTONIO PEREIRA", documento_tipo: "rg", documento_numero: "MG-12.345.678" }), OUTRO_DOCUMENTO, true);
  });

  it("the porteiro's 'Liberar mesmo assim' lets a name-only match in, recorded as an override naming who authorised", async () => {
    const override = await entrou(() =>
      walkIn({
        nome: "carlos antonio pereira",
        documento_tipo: "rg",
        documento_numero: "SP-98.765.432",
        liberar_mesmo_assim: { autorizado_por: "Síndico Marcos, por telefone: homônimo" },
      }),
    );
    expect(override).toMatchObject({
      metodo: "manual",
      liberado_manualmente: true,
      autorizado_por: "Síndico Marcos, por telefone: homônimo",
      motivo: OUTRO_DOCUMENTO,
    });
  });

  it("a block by the name only (every condominium) stops the name, with or without a document, and no override passes", async () => {
    const pare = "Pessoa bloqueada neste condomínio: Furto de encomendas.";
    await parado(() => walkIn({ nome: "DENIS SEM DOCUMENTO" }), pare, false);
    await parado(
      () => walkIn({ nome: "dênis sem  documento", documento_tipo: "cpf", documento_numero: "529.982.247-25", liberar_mesmo_assim: { autorizado_por: "X" } }),
      pare,
      false,
    );
  });

  it("in a blocked car (plate with or without the dash, any case): a hard stop", async () => {
    for (const placa of ["QAZ-1234", "qaz1234"]) {
      await parado(
        () => walkIn({ nome: "Motorista Sem Bloqueio", placa, liberar_mesmo_assim: { autorizado_por: "X" } }),
        "Veículo bloqueado neste condomínio: Placa clonada.",
        false,
      );
    }
  });

  it("the neighbour's block, a removed block and an expired one do not stop anyone here", async () => {
    await entrou(() => walkIn({ nome: "Xará do Vizinho", documento_tipo: "cpf", documento_numero: "390.533.447-05" }));
    await entrou(() => walkIn({ nome: "ANA MORADORA" }));
    await entrou(() => walkIn({ nome: "Visitante De Carro", placa: "EXP-1A23" }));
  });
});

describe("a searched resident or provider", () => {
  it("the resident with the blocked CPF: a hard stop", async () => {
    const [carlos] = await db
      .insert(moradores)
      .values({ unidade_id: ids.a101, nome_completo: "Carlos A. P.", cpf: CARLOS.cpf, tipo_morador: "inquilino" })
      .returning();
    await parado(() => entrada({ tipo: "morador", morador_id: carlos!.id }, { liberar_mesmo_assim: { autorizado_por: "X" } }), PARE_CARLOS, false);
  });

  it("a resident with the blocked name and another CPF, or none on file: stopped for the porteiro to decide", async () => {
    await parado(() => entrada({ tipo: "morador", morador_id: ids.homonimo }), OUTRO_DOCUMENTO, true);
    await parado(() => entrada({ tipo: "morador", morador_id: ids.semCpf }), SEM_DOCUMENTO, true);
    const override = await entrou(() =>
      entrada({ tipo: "morador", morador_id: ids.homonimo }, { liberar_mesmo_assim: { autorizado_por: "Porteiro conferiu o RG" } }),
    );
    expect(override).toMatchObject({ liberado_manualmente: true, autorizado_por: "Porteiro conferiu o RG", motivo: OUTRO_DOCUMENTO });
  });

  it("a provider with the blocked name: stopped for the porteiro to decide", async () => {
    await parado(() => entrada({ tipo: "prestador", prestador_id: ids.jardim }), SEM_DOCUMENTO, true);
  });

  it("the owner of a vehicle coming in it: the plate is a hard stop; on foot they pass", async () => {
    await parado(
      () => entrada({ tipo: "morador", morador_id: ids.bruno }, { placa: "QAZ-1234", liberar_mesmo_assim: { autorizado_por: "X" } }),
      "Veículo bloqueado neste condomínio: Placa clonada.",
      false,
    );
    await entrou(() => entrada({ tipo: "morador", morador_id: ids.bruno }));
  });

  it("the neighbour's block and removed or expired blocks do not stop a resident here", async () => {
    await entrou(() => entrada({ tipo: "morador", morador_id: ids.xara }));
    await entrou(() => entrada({ tipo: "morador", morador_id: ids.ana }));
  });
});

describe("a pre-authorised visitor, by the search, the code and the QR", () => {
  const autorizacao = async (extra: object) => {
    const response = await post("/api/visitantes", {
      condominio_id: ids.portaria,
      unidade_id: ids.a101,
      morador_id: ids.ana,
      tipo: "periodo",
      valido_de: today(),
      valido_ate: addDays(today(), 10),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; codigo: string; qr_payload: string };
  };
  const usos = async (id: string) => (await request(t, "GET", `/api/visitantes/${id}`, { cookie: porteiro })).json().entradas_usadas;

  it("without a document, the blocked name: stopped on every path, no use counted", async () => {
    const a = await autorizacao({ nome_visitante: "CARLOS ANTONIO PEREIRA" });
    await parado(() => entrada({ tipo: "autorizacao", autorizacao_id: a.id }), SEM_DOCUMENTO, true);
    await parado(() => entrada({ tipo: "codigo", codigo: a.codigo }), SEM_DOCUMENTO, true);
    await parado(() => entrada({ tipo: "qrcode", payload: a.qr_payload }), SEM_DOCUMENTO, true);
    expect(await usos(a.id)).toBe(0);
    // Overridden by the porteiro: let in, recorded as such, and (as every override) no use counted.
    const override = await entrou(() => entrada({ tipo: "codigo", codigo: a.codigo }, { liberar_mesmo_assim: { autorizado_por: "Ana, por interfone" } }));
    expect(override).toMatchObject({ metodo: "codigo", liberado_manualmente: true, autorizado_por: "Ana, por interfone", motivo: SEM_DOCUMENTO });
  });

  it("with an RG for the blocked CPF: stopped for the porteiro to decide", async () => {
    const a = await autorizacao({ nome_visitante: "Carlos Antonio Pereira", documento_tipo: "rg", documento_numero: "MG1234567" });
    await parado(() => entrada({ tipo: "qrcode", payload: a.qr_payload }), OUTRO_DOCUMENTO, true);
  });

  it("with the blocked CPF under another name, or in the blocked car: a hard stop", async () => {
    const doc = await autorizacao({ nome_visitante: "Nome Inventado", documento_tipo: "cpf", documento_numero: "123.456.789-09" });
    await parado(() => entrada({ tipo: "codigo", codigo: doc.codigo }, { liberar_mesmo_assim: { autorizado_por: "X" } }), PARE_CARLOS, false);
    const carro = await autorizacao({ nome_visitante: "Visitante No Carro Clonado", placa: "QAZ-1234" });
    await parado(() => entrada({ tipo: "autorizacao", autorizacao_id: carro.id }), "Veículo bloqueado neste condomínio: Placa clonada.", false);
    expect(await usos(doc.id)).toBe(0);
    expect(await usos(carro.id)).toBe(0);
  });
});

describe("the search marks the blocked before 'Registrar entrada' (one rule, one statement for all results)", () => {
  it("residents: the hard stop and the name-only stop, each with the text the entry would give; the others unmarked", async () => {
    const found = await busca("carlos");
    const porId = Object.fromEntries(found.moradores.map((m: { id: string; nome_completo: string }) => [m.id, m.nome_completo]));
    expect(porId).toHaveProperty(ids.homonimo);
    expect(found.bloqueios[`morador:${ids.homonimo}`]).toEqual({ mensagem: OUTRO_DOCUMENTO, pode_liberar: true });
    expect(found.bloqueios[`morador:${ids.semCpf}`]).toEqual({ mensagem: SEM_DOCUMENTO, pode_liberar: true });
    expect(found.bloqueios[`prestador:${ids.jardim}`]).toEqual({ mensagem: SEM_DOCUMENTO, pode_liberar: true });
    const all = await busca("a");
    expect(all.moradores.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([ids.ana, ids.xara, ids.bruno]));
    // The neighbour's block, the removed and the expired ones mark nobody; Bruno on foot neither.
    for (const id of [ids.ana, ids.xara, ids.bruno]) expect(all.bloqueios).not.toHaveProperty(`morador:${id}`);
  });

  it("a vehicle by its plate, searched with or without the dash", async () => {
    for (const q of ["QAZ-1234", "qaz1"]) {
      const found = await busca(q);
      expect(found.veiculos.map((v: { id: string }) => v.id)).toEqual([ids.carro]);
      expect(found.bloqueios).toEqual({ [`veiculo:${ids.carro}`]: { mensagem: "Veículo bloqueado neste condomínio: Placa clonada.", pode_liberar: false } });
    }
  });

  it("pre-authorised visitors in the results, and the authorisation a code or QR opens", async () => {
    const response = await post("/api/visitantes", {
      condominio_id: ids.portaria,
      unidade_id: ids.a101,
      morador_id: ids.ana,
      tipo: "periodo",
      valido_de: today(),
      valido_ate: addDays(today(), 3),
      nome_visitante: "Dênis Sem Documento",
    });
    const a = response.json() as { id: string; codigo: string; qr_payload: string };
    const hard = { mensagem: "Pessoa bloqueada neste condomínio: Furto de encomendas.", pode_liberar: false };
    expect((await busca("Dênis")).bloqueios[`autorizacao:${a.id}`]).toEqual(hard);
    for (const q of [a.codigo, a.qr_payload]) {
      const found = await busca(q);
      expect(found.autorizacao).toMatchObject({ id: a.id });
      expect(found.bloqueios[`autorizacao:${a.id}`]).toEqual(hard);
    }
  });

  it("a pre-authorised visitor coming in a blocked car is marked by the plate, as the entry would stop them", async () => {
    const response = await post("/api/visitantes", {
      condominio_id: ids.portaria,
      unidade_id: ids.a101,
      morador_id: ids.ana,
      tipo: "periodo",
      valido_de: today(),
      valido_ate: addDays(today(), 3),
      nome_visitante: "Visitante Do Onix",
      placa: "QAZ1234",
    });
    const a = response.json() as { id: string; codigo: string };
    const placa = { mensagem: "Veículo bloqueado neste condomínio: Placa clonada.", pode_liberar: false };
    expect((await busca("Visitante Do Onix")).bloqueios).toEqual({ [`autorizacao:${a.id}`]: placa });
    expect((await busca(a.codigo)).bloqueios).toEqual({ [`autorizacao:${a.id}`]: placa });
    await parado(() => entrada({ tipo: "codigo", codigo: a.codigo }), placa.mensagem, false);
  });

  it("a search that finds nobody blocked marks nothing", async () => {
    expect((await busca("Ana Moradora")).bloqueios).toEqual({});
    expect((await busca("ninguém com este nome")).bloqueios).toEqual({});
  });
});

describe("the recorded method is the server's, not the client's", () => {
  it("a searched resident or provider is recorded 'busca' whatever the body claims", async () => {
    const resident = await entrou(() => entrada({ tipo: "morador", morador_id: ids.ana }, { metodo: "qrcode" }));
    expect(resident.metodo).toBe("busca");
    const provider = await entrou(() =>
      entrada({ tipo: "prestador", prestador_id: ids.jardim }, { metodo: "manual", liberar_mesmo_assim: { autorizado_por: "Síndico" } }),
    );
    expect(provider.metodo).toBe("busca");
    expect((await verificarCadeia(db, ids.portaria)).integra).toBe(true);
  });
});
