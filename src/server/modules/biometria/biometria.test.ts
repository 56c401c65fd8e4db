import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn, userWithPermissions } from "../../testing/harness";
import { JPEG_DE_AMOSTRA } from "./routes";

// A resident's face photo and biometric consent (gate-operation-spec §2.4), as the unit's manager
// uses them: JPEG or PNG by their bytes, at most 500 KB, consent with who and when.

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
let morador = "";
let condominio = "";
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
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
