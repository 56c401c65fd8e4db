import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, type TestApp } from "../../testing/harness";

// No group may pass for Administrador by its look (shared/confusables.ts): on create and on rename.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const LOOK_ALIKES = [
  ["\u0410dministrador", "Cyrillic А"],
  ["Administr\u0430d\u043Er", "Cyrillic а and о"],
  ["Administrad\u03BFr", "Greek omicron"],
  ["Adm\u200Bini\u200Dstrador", "zero-width characters"],
  ["Administradór", "an accent"],
  ["Admin istrador", "a space"],
  ["ADMlNISTRADOR", "an l for an I"],
  ["Ａｄｍｉｎｉｓｔｒａｄｏｒ", "full-width letters"],
] as const;
const MESSAGE = "Este nome se confunde com o grupo Administrador. Escolha outro nome.";

describe("a group named like Administrador", () => {
  it.each(LOOK_ALIKES)("is refused on create: %j (%s)", async (nome_grupo) => {
    const before = await databaseSnapshot(t);
    const answer = await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo } });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toMatchObject({ code: "VALIDATION_ERROR", message: MESSAGE, fields: { nome_grupo: MESSAGE } });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("is refused on rename, and the same name in another case stays a duplicate", async () => {
    const created = await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo: "Zeladoria" } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const before = await databaseSnapshot(t);
    for (const [nome_grupo] of LOOK_ALIKES) {
      const answer = await request(t, "PUT", `/api/grupos/${id}`, { cookie: admin, payload: { nome_grupo } });
      expect(answer.statusCode, nome_grupo).toBe(400);
      expect(answer.json().error.fields).toEqual({ nome_grupo: MESSAGE });
    }
    const sameInCaps = await request(t, "PUT", `/api/grupos/${id}`, { cookie: admin, payload: { nome_grupo: "ADMINISTRADOR" } });
    expect(sameInCaps.statusCode).toBe(409);
    expect(sameInCaps.json().error.message).toBe("Já existe um grupo com esse nome.");
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // Names that only share letters with it are fine.
    for (const nome_grupo of ["Administração", "Administradores do Bloco A"]) {
      const renamed = await request(t, "PUT", `/api/grupos/${id}`, { cookie: admin, payload: { nome_grupo } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().nome_grupo).toBe(nome_grupo);
    }
  });
});
