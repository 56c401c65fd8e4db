import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODIGO_ALFABETO } from "@shared/schemas/visitantes";
import { assinarQr, gerarCodigo, verificarQr } from "./codigo";

describe("gerarCodigo", () => {
  it("draws 8 characters of the alphabet, with a digit and a letter, spread over the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = gerarCodigo();
      expect(code).toMatch(new RegExp(`^[${CODIGO_ALFABETO}]{8}$`));
      expect(code).toMatch(/\d/);
      expect(code).toMatch(/[A-Z]/);
      for (const c of code) seen.add(c);
    }
    expect(seen.size).toBe(CODIGO_ALFABETO.length);
  });
});

describe("the QR payload", () => {
  const secret = randomBytes(32);
  const conteudo = { autorizacaoId: "0b5e5c1e-1234-4abc-8def-000000000001", validoAte: new Date("2027-07-01T02:59:59.999Z") };

  it("carries the id and the end, signed", () => {
    const payload = assinarQr(secret, conteudo);
    expect(payload.length).toBeLessThan(100);
    expect(verificarQr(secret, payload)).toEqual(conteudo);
    expect(verificarQr(secret, ` ${payload}\n`)).toEqual(conteudo);
  });

  it("refuses every changed character, another key, and garbage", () => {
    const payload = assinarQr(secret, conteudo);
    for (let i = 4; i < payload.length; i++) {
      if (payload[i] === ".") continue;
      const changed = payload.slice(0, i) + (payload[i] === "A" ? "B" : "A") + payload.slice(i + 1);
      expect(verificarQr(secret, changed), changed).toBeNull();
    }
    expect(verificarQr(randomBytes(32), payload)).toBeNull();
    for (const bad of ["", "GV1.", "GV1..", "GV1.a.b", "GV2." + payload.slice(4), payload + ".x", "GV1.!!!!.????"]) expect(verificarQr(secret, bad)).toBeNull();
  });
});
