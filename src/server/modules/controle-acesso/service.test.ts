import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizacoesVisita, bloqueios, condominios, moradores, prestadores, unidades, veiculos } from "../../db/schema";
import { openTestDatabase } from "../../testing/harness";
import { limiteDeCodigos } from "../visitantes/tentativas";
import { ALL_CONDOMINIOS } from "../../scope";
import { portariaService, type CondominioDaPortaria, type Operador } from "./service";

// The gate's service called as a device event or a script would call it: no Fastify, no HTTP.
// The outcomes are what the porteiro reads on the console (gatehouse-spec §3, §9).

const database = await openTestDatabase();
afterAll(() => database.dispose());
const db = database.db;

const HOUR = 3_600_000;
const agora = Date.now();
const service = portariaService(db, {
  qrSecret: Buffer.alloc(32, 7),
  limiteCodigos: limiteDeCodigos(db, { porUsuario: { window: 900, max: 20 }, porEndereco: { window: 900, max: 60 } }),
  agora: () => agora,
});
const operador: Operador = { id: "00000000-0000-4000-8000-000000000001", nome: "Porteiro do Serviço", ip: "10.0.0.1" };
const CODIGO = "K7M2QX9P";

let condominio: CondominioDaPortaria;
const ids = { bruno: "", inativa: "", jardineiro: "", unica: "", cancelada: "" };

beforeAll(async () => {
  const [c] = await db.insert(condominios).values({ nome: "Residencial do Serviço" }).returning();
  // As the routes get it: through the scope check.
  condominio = await service.condominioDaPortaria(ALL_CONDOMINIOS, c!.id);
  const [a101] = await db.insert(unidades).values({ condominio_id: c!.id, bloco: "A", numero_unidade: "101" }).returning();
  const [bruno, inativa] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Bruno Motorista", cpf: "11144477735", tipo_morador: "proprietario" },
      { unidade_id: a101!.id, nome_completo: "Irene Mudou-se", cpf: "98765432100", tipo_morador: "inquilino", ativo: false },
    ])
    .returning();
  await db.insert(veiculos).values({ morador_id: bruno!.id, unidade_id: a101!.id, placa: "QAZ1234", modelo: "Onix", cor: "Prata", tipo_veiculo: "carro" });
  await db.insert(bloqueios).values({ condominio_id: c!.id, tipo: "veiculo", placa: "QAZ1234", motivo: "Placa clonada." });
  const [jardineiro] = await db
    .insert(prestadores)
    .values({ nome_empresa_profissional: "Jardins do Futuro", tipo_servico: "Jardinagem", condominio_id: c!.id, data_inicio_autorizacao: "2099-01-01" })
    .returning();
  const visita = {
    condominio_id: c!.id,
    unidade_id: a101!.id,
    morador_id: bruno!.id,
    tipo: "unica",
    valido_de: new Date(agora - HOUR),
    valido_ate: new Date(agora + 24 * HOUR),
    max_entradas: 1,
  };
  const [unica, cancelada] = await db
    .insert(autorizacoesVisita)
    .values([
      { ...visita, nome_visitante: "Vera Visitante", codigo: CODIGO },
      { ...visita, nome_visitante: "Cássio Cancelado", codigo: "ABCD2345", status: "cancelada" },
    ])
    .returning();
  Object.assign(ids, { bruno: bruno!.id, inativa: inativa!.id, jardineiro: jardineiro!.id, unica: unica!.id, cancelada: cancelada!.id });
});

describe("the gate's service, without HTTP", () => {
  it("stops a blocked plate, and no porteiro can let it in", async () => {
    // A plate reader's event: nothing known but the plate.
    expect(await service.decidirAcesso({ condominioId: condominio.id, quem: { nome_pessoa: "", documento: null, ativo: true }, placa: "QAZ1234" })).toEqual({
      motivo: "Veículo bloqueado neste condomínio: Placa clonada.",
      bloqueio: true,
    });
    const tentativa = await service.registrarEntrada(condominio, operador, {
      pessoa: { tipo: "morador", morador_id: ids.bruno },
      placa: "QAZ1234",
      liberar: { autorizado_por: "Síndico" },
    });
    expect(tentativa).toMatchObject({
      resultado: "negado",
      titulo: "Acesso negado",
      mensagem: "Veículo bloqueado neste condomínio: Placa clonada.",
      pode_liberar: false,
    });
  });

  it("refuses an inactive resident, whom the porteiro may let in naming who authorised", async () => {
    const entrada = { pessoa: { tipo: "morador" as const, morador_id: ids.inativa }, placa: null };
    expect(await service.registrarEntrada(condominio, operador, { ...entrada, liberar: undefined })).toMatchObject({
      resultado: "negado",
      mensagem: "Cadastro inativo.",
      pode_liberar: true,
    });
    expect(await service.registrarEntrada(condominio, operador, { ...entrada, liberar: { autorizado_por: "Síndico" } })).toMatchObject({
      resultado: "liberado",
      titulo: "Entrada registrada",
    });
  });

  it("refuses a provider outside its authorised period", async () => {
    expect(
      await service.registrarEntrada(condominio, operador, { pessoa: { tipo: "prestador", prestador_id: ids.jardineiro }, placa: null, liberar: undefined }),
    ).toMatchObject({
      resultado: "negado",
      mensagem: "Prestador fora do período autorizado (01/01/2099 até Indeterminado).",
      pode_liberar: true,
    });
  });

  it("lets a visitor in by the typed code once, and says so at the second try", async () => {
    const porCodigo = { pessoa: { tipo: "codigo" as const, codigo: "k7m2-qx9p" }, placa: null, liberar: undefined };
    expect(await service.registrarEntrada(condominio, operador, porCodigo)).toMatchObject({
      resultado: "liberado",
      titulo: "Entrada registrada",
      mensagem: expect.stringMatching(/^Vera Visitante entrou às \d{2}:\d{2}\.$/),
    });
    await expect(service.registrarEntrada(condominio, operador, porCodigo)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^Já está no condomínio desde \d{2}:\d{2}\.$/),
    });
    expect(await service.registrarSaida(condominio, operador, { pessoa: { tipo: "autorizacao", autorizacao_id: ids.unica } })).toMatchObject({
      titulo: "Saída registrada",
    });
    expect(await service.registrarEntrada(condominio, operador, porCodigo)).toMatchObject({ resultado: "negado", mensagem: "Autorização já utilizada." });
  });

  it("answers a code that opens nothing, and a cancelled authorisation, as the console shows them", async () => {
    await expect(
      service.registrarEntrada(condominio, operador, { pessoa: { tipo: "codigo", codigo: "ZZZZ2222" }, placa: null, liberar: undefined }),
    ).rejects.toMatchObject({ statusCode: 404, message: "Código inválido ou inexistente." });
    expect(
      await service.registrarEntrada(condominio, operador, { pessoa: { tipo: "autorizacao", autorizacao_id: ids.cancelada }, placa: null, liberar: undefined }),
    ).toMatchObject({ resultado: "negado", mensagem: "Autorização cancelada.", pode_liberar: true });
  });

  it("marks in the search who the entry would stop, with the same words", async () => {
    const busca = await service.buscar({ all: true }, condominio.id, "QAZ", operador);
    expect(Object.values(busca.bloqueios)).toEqual([{ mensagem: "Veículo bloqueado neste condomínio: Placa clonada.", pode_liberar: false }]);
    const porCodigo = await service.buscar({ all: true }, condominio.id, "ABCD2345", operador);
    expect(porCodigo.codigo_recusa).toBe("Autorização cancelada.");
  });

  it("hands the gate a condominium only through the scope check", async () => {
    // A user serving another condominium: refused as unknown, so no repository call can follow.
    await expect(service.condominioDaPortaria({ all: false, ids: [randomUUID()] }, condominio.id)).rejects.toMatchObject({
      statusCode: 404,
      message: "Condomínio não encontrado.",
    });
    // The gate's repositories take the checked id's type: a request's raw id fails typecheck.
    // @ts-expect-error an id that has not been through the scope check
    const unchecked: CondominioDaPortaria = { id: String(condominio.id), nome: condominio.nome };
    expect(unchecked.id).toBe(condominio.id);
  });
});
