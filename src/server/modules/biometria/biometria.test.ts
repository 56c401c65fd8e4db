import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartoesMoradores, moradores, unidades } from "../../db/schema";
import { pgErrorCode } from "../../errors";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn, userWithPermissions } from "../../testing/harness";
import { JPEG_DE_AMOSTRA } from "./routes";

// A resident's face photo and biometric consent (gate-operation-spec §2.4), as the unit's manager
// uses them: JPEG or PNG by their bytes, at most 500 KB, consent with who and when.

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
let fixtures: Fixtures;
let morador = "";
let condominio = "";
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  condominio = (await fixtures.condominio()).id;
  morador = (await fixtures.morador()).id;
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = admin) => request(t, method, url, { cookie, payload });

describe("a resident's photo and biometric consent", () => {
  it("takes a JPEG or a PNG, gives it back as sent, and says whether there is one", async () => {
    expect((await call("GET", `/api/moradores/${morador}/biometria`)).json()).toMatchObject({ tem_foto: false, consentimento_biometria: null });
    const jpeg = await call("POST", `/api/moradores/${morador}/biometria/foto`, { foto: JPEG_DE_AMOSTRA });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json()).toMatchObject({ tem_foto: true, foto_tipo: "image/jpeg", foto_enviada_em: expect.any(String) });
    const lida = await call("GET", `/api/moradores/${morador}/biometria/foto`);
    expect(lida.headers["content-type"]).toBe("image/jpeg");
    expect(lida.headers["cache-control"]).toBe("private, no-store");
    expect(lida.rawPayload.equals(Buffer.from(JPEG_DE_AMOSTRA.split(",")[1]!, "base64"))).toBe(true);

    const png = await call("POST", `/api/moradores/${morador}/biometria/foto`, { foto: `data:image/png;base64,${PNG_1X1}` });
    expect(png.json()).toMatchObject({ tem_foto: true, foto_tipo: "image/png" });
    const apagada = await call("DELETE", `/api/moradores/${morador}/biometria/foto`);
    expect(apagada.json()).toMatchObject({ tem_foto: false, foto_tipo: null });
    expect((await call("GET", `/api/moradores/${morador}/biometria/foto`)).statusCode).toBe(404);
  });

  it("refuses what is not a JPEG or PNG by its bytes, or is over 500 KB, in pt-BR, and keeps what it had", async () => {
    await call("POST", `/api/moradores/${morador}/biometria/foto`, { foto: JPEG_DE_AMOSTRA });
    const casos: [string, string][] = [
      [`data:image/jpeg;base64,${PNG_1X1}`, "A foto precisa ser JPEG ou PNG."],
      [`data:image/png;base64,${Buffer.from("GIF89a não é foto").toString("base64")}`, "A foto precisa ser JPEG ou PNG."],
      ["data:image/gif;base64,R0lGODlhAQABAAAAACw=", "A foto precisa ser JPEG ou PNG."],
      [
        `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500 * 1024)]).toString("base64")}`,
        "A foto pode ter no máximo 500 KB.",
      ],
      ["", "Escolha a foto do morador."],
    ];
    for (const [foto, mensagem] of casos) {
      const recusada = await call("POST", `/api/moradores/${morador}/biometria/foto`, { foto });
      expect(recusada.statusCode, recusada.body).toBe(400);
      expect(recusada.json().error.fields.foto).toBe(mensagem);
    }
    expect((await call("GET", `/api/moradores/${morador}/biometria`)).json()).toMatchObject({ tem_foto: true, foto_tipo: "image/jpeg" });
  });

  it("records who gave the consent and when, and its withdrawal", async () => {
    const dado = await call("PUT", `/api/moradores/${morador}/biometria/consentimento`, { consentimento: true });
    expect(dado.statusCode, dado.body).toBe(200);
    expect(dado.json().consentimento_biometria).toEqual({ por: expect.any(String), em: expect.any(String) });
    const retirado = await call("PUT", `/api/moradores/${morador}/biometria/consentimento`, { consentimento: false });
    expect(retirado.json().consentimento_biometria).toBeNull();
  });

  it("is as unknown to a manager of another condominium as a resident that does not exist", async () => {
    const outro = (await call("POST", "/api/condominios", { nome: "Residencial Outro da Biometria" })).json().id;
    const vizinho = await userWithPermissions(t, "gestor-biometria@teste.local", ["gerenciar_moradores_unidade"], [outro]);
    for (const [method, url, body] of [
      ["GET", `/api/moradores/${morador}/biometria`],
      ["GET", `/api/moradores/${morador}/biometria/foto`],
      ["POST", `/api/moradores/${morador}/biometria/foto`, { foto: JPEG_DE_AMOSTRA }],
      ["PUT", `/api/moradores/${morador}/biometria/consentimento`, { consentimento: true }],
    ] as const) {
      expect((await call(method, url, body, vizinho.cookie)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call("GET", `/api/moradores/${morador}/biometria`)).json().consentimento_biometria).toBeNull();
    expect(condominio).not.toBe(outro);
  });
});

// A resident's cards and tags (§2.4, decision 0267): digits only, several per resident, one holder
// per number in a condominium — said by the server in pt-BR and held by the database as well.
describe("a resident's cards and tags", () => {
  const cartoes = (id: string) => `/api/moradores/${id}/cartoes`;
  const numeros = async (id: string) => (await call("GET", cartoes(id))).json().rows.map((c: { numero: string }) => c.numero);
  let vizinha = "";
  let outroCondominio = "";
  let deFora = "";

  beforeAll(async () => {
    // The resident's own unit: the same condominium.
    const unidade = (await fixtures.unidade()).id;
    vizinha = (await call("POST", `/api/unidades/${unidade}/moradores`, { nome_completo: "Vizinha dos Cartões", tipo_morador: "inquilino" })).json().id;
    outroCondominio = (await call("POST", "/api/condominios", { nome: "Residencial Outros Cartões" })).json().id;
    const outraUnidade = (await call("POST", "/api/unidades", { condominio_id: outroCondominio, numero_unidade: "7" })).json().id;
    deFora = (await call("POST", `/api/unidades/${outraUnidade}/moradores`, { nome_completo: "Morador de Fora", tipo_morador: "proprietario" })).json().id;
  });

  it("lists, adds (digits without leading zeros) and removes a resident's cards and tags", async () => {
    expect((await call("GET", cartoes(morador))).json()).toEqual({ rows: [] });
    const cartao = await call("POST", cartoes(morador), { tipo: "cartao", numero: " 0012345678 " });
    expect(cartao.statusCode, cartao.body).toBe(201);
    expect(cartao.json()).toMatchObject({ morador_id: morador, tipo: "cartao", numero: "12345678", criado_em: expect.any(String) });
    const tag = await call("POST", cartoes(morador), { tipo: "tag", numero: "18446744073709551615" });
    expect(tag.statusCode, tag.body).toBe(201);
    expect(await numeros(morador)).toEqual(["12345678", "18446744073709551615"]);

    expect((await call("DELETE", `${cartoes(morador)}/${tag.json().id}`)).statusCode).toBe(204);
    expect(await numeros(morador)).toEqual(["12345678"]);
    const denovo = await call("DELETE", `${cartoes(morador)}/${tag.json().id}`);
    expect(denovo.statusCode).toBe(404);
    expect(denovo.json().error.message).toBe("Cartão ou tag não encontrado.");
    // A card of one resident is not removed through another's address.
    expect((await call("DELETE", `${cartoes(vizinha)}/${cartao.json().id}`)).statusCode).toBe(404);
    expect(await numeros(morador)).toEqual(["12345678"]);
  });

  it("refuses what is not a card number, in pt-BR, under the field", async () => {
    const casos: [object, string, string][] = [
      [{ tipo: "cartao", numero: "12-34" }, "numero", "Use só os algarismos do número do cartão ou tag (até 20)."],
      [{ tipo: "cartao", numero: "ABCDEF" }, "numero", "Use só os algarismos do número do cartão ou tag (até 20)."],
      [{ tipo: "cartao", numero: "1".repeat(21) }, "numero", "Use só os algarismos do número do cartão ou tag (até 20)."],
      [{ tipo: "cartao", numero: "   " }, "numero", "Informe o número do cartão ou tag."],
      [{ tipo: "cartao" }, "numero", "Informe o número do cartão ou tag."],
      [{ tipo: "tag", numero: "0000" }, "numero", "O número do cartão ou tag não pode ser zero."],
      [{ tipo: "chaveiro", numero: "55" }, "tipo", "Escolha se é cartão ou tag."],
    ];
    for (const [corpo, campo, mensagem] of casos) {
      const recusado = await call("POST", cartoes(morador), corpo);
      expect(recusado.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(recusado.json().error.fields[campo], JSON.stringify(corpo)).toBe(mensagem);
    }
    expect(await numeros(morador)).toEqual(["12345678"]);
  });

  it("gives a number one holder per condominium: the server says so, and the database holds it", async () => {
    const outro = await call("POST", cartoes(vizinha), { tipo: "tag", numero: "012345678" });
    expect(outro.statusCode, outro.body).toBe(409);
    expect(outro.json().error).toMatchObject({ title: "Registro duplicado", message: "Este cartão já pertence a outro morador deste condomínio." });
    expect(outro.json().error.fields.numero).toBe("Este cartão já pertence a outro morador deste condomínio.");
    const mesmo = await call("POST", cartoes(morador), { tipo: "cartao", numero: "12345678" });
    expect(mesmo.json().error.message).toBe("Este morador já tem este cartão ou tag.");
    expect(await numeros(vizinha)).toEqual([]);
    // Another condominium's resident may hold the same number.
    expect((await call("POST", cartoes(deFora), { tipo: "cartao", numero: "12345678" })).statusCode).toBe(201);

    // Past the server (two requests at one instant, a script): the unique index and the CHECK refuse it.
    const [m] = await t.database.db
      .select({ unidade_id: moradores.unidade_id, condominio_id: unidades.condominio_id })
      .from(moradores)
      .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
      .where(eq(moradores.id, vizinha));
    const direto = (numero: string) => t.database.db.insert(cartoesMoradores).values({ morador_id: vizinha, ...m!, tipo: "cartao", numero });
    expect(pgErrorCode(await direto("12345678").catch((e: unknown) => e))).toBe("23505");
    expect(pgErrorCode(await direto("012345678").catch((e: unknown) => e))).toBe("23514");
    expect(await numeros(vizinha)).toEqual([]);
  });

  it("follows a unit that moves to another condominium, and refuses the move onto a number already there", async () => {
    const unidade = (await call("POST", "/api/unidades", { condominio_id: condominio, numero_unidade: "Mudança 1" })).json().id;
    const mudando = (await call("POST", `/api/unidades/${unidade}/moradores`, { nome_completo: "Morador em Mudança", tipo_morador: "proprietario" })).json().id;
    expect((await call("POST", cartoes(mudando), { tipo: "tag", numero: "990011" })).statusCode).toBe(201);
    expect((await call("POST", cartoes(deFora), { tipo: "tag", numero: "990011" })).statusCode).toBe(201);
    const recusada = await call("PUT", `/api/unidades/${unidade}`, { condominio_id: outroCondominio, numero_unidade: "Mudança 1" });
    expect(recusada.statusCode, recusada.body).toBe(409);
    expect(recusada.json().error.fields.condominio_id).toBe("Um morador desta unidade tem um cartão ou tag já cadastrado no condomínio escolhido.");

    expect((await call("POST", cartoes(mudando), { tipo: "cartao", numero: "990022" })).statusCode).toBe(201);
    const tag = (await call("GET", cartoes(mudando))).json().rows.find((c: { numero: string }) => c.numero === "990011");
    expect((await call("DELETE", `${cartoes(mudando)}/${tag.id}`)).statusCode).toBe(204);
    expect((await call("PUT", `/api/unidades/${unidade}`, { condominio_id: outroCondominio, numero_unidade: "Mudança 1" })).statusCode).toBe(200);
    // The card went with the unit: in the new condominium its number is taken, in the old one free.
    expect((await call("POST", cartoes(deFora), { tipo: "cartao", numero: "990022" })).json().error.message).toBe(
      "Este cartão já pertence a outro morador deste condomínio.",
    );
    expect((await call("POST", cartoes(vizinha), { tipo: "cartao", numero: "990022" })).statusCode).toBe(201);
  });

  it("takes at most 20 per resident", async () => {
    const unidade = (await call("POST", "/api/unidades", { condominio_id: condominio, numero_unidade: "Muitos" })).json().id;
    const colecionador = (await call("POST", `/api/unidades/${unidade}/moradores`, { nome_completo: "Colecionador", tipo_morador: "proprietario" })).json().id;
    for (let i = 1; i <= 20; i++) expect((await call("POST", cartoes(colecionador), { tipo: "tag", numero: String(4_400_000 + i) })).statusCode).toBe(201);
    const demais = await call("POST", cartoes(colecionador), { tipo: "tag", numero: "4400021" });
    expect(demais.statusCode).toBe(400);
    expect(demais.json().error.fields.numero).toBe("Um morador pode ter no máximo 20 cartões e tags.");
    // Deleting the resident deletes their cards: the numbers are free again.
    expect((await call("DELETE", `/api/moradores/${colecionador}`)).statusCode).toBe(204);
    expect((await call("POST", cartoes(vizinha), { tipo: "tag", numero: "4400001" })).statusCode).toBe(201);
  });

  it("is as unknown to a manager of another condominium as a resident that does not exist, and nothing changes", async () => {
    const gestor = await userWithPermissions(t, "gestor-cartoes@teste.local", ["gerenciar_moradores_unidade"], [outroCondominio]);
    const antes = (await call("GET", cartoes(morador))).json().rows;
    const [primeiro] = antes;
    for (const [method, url, body] of [
      ["GET", cartoes(morador)],
      ["POST", cartoes(morador), { tipo: "cartao", numero: "777" }],
      ["DELETE", `${cartoes(morador)}/${primeiro.id}`],
    ] as const) {
      const r = await call(method, url, body, gestor.cookie);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call("GET", cartoes(morador))).json().rows).toEqual(antes);
    // Their own condominium's resident they do manage.
    expect((await call("GET", cartoes(deFora), undefined, gestor.cookie)).statusCode).toBe(200);
  });
});
