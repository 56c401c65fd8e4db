import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn } from "../../testing/harness";

// Each condominium says how long its gate records keep names and documents (gatehouse-spec §5).

const t = await createTestApp();
afterAll(() => t.close());
let admin = "";
beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});

describe("retencao_anos", () => {
  it("is 5 years unless said otherwise, and 1 to 50", async () => {
    const padrao = await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Padrão" } });
    expect(padrao.json()).toMatchObject({ retencao_anos: 5 });
    const dez = await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Dez", retencao_anos: "10" } });
    expect(dez.json()).toMatchObject({ retencao_anos: 10 });
    const edited = await request(t, "PUT", `/api/condominios/${dez.json().id}`, { cookie: admin, payload: { nome: "Residencial Dez", retencao_anos: 50 } });
    expect(edited.json()).toMatchObject({ retencao_anos: 50 });

    const before = await databaseSnapshot(t);
    for (const retencao_anos of [0, 51, 2.5, "cinco", -1]) {
      const refused = await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: `Residencial ${String(retencao_anos)}`, retencao_anos } });
      expect(refused.statusCode, String(retencao_anos)).toBe(400);
      expect(refused.json().error.fields).toEqual({ retencao_anos: "Informe de 1 a 50 anos." });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });
});
