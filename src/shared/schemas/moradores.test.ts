import { afterEach, describe, expect, it, vi } from "vitest";
import { moradorInputSchema, moradorListQuerySchema, searchDigits } from "./moradores";

// A birth date is refused when it is after today in São Paulo, whatever the zone of the machine
// (run with TZ=UTC and TZ=America/Sao_Paulo).

const FUTURE = "A data de nascimento não pode estar no futuro.";
const morador = (data_nascimento: string) => ({ nome_completo: "Ana Lima", tipo_morador: "inquilino", data_nascimento });
const errorOf = (data_nascimento: string) => {
  const result = moradorInputSchema.safeParse(morador(data_nascimento));
  return result.success ? null : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

afterEach(() => {
  vi.useRealTimers();
});

describe("birth date", () => {
  it.each([
    ["20:30 of the 23rd in São Paulo (23:30 UTC)", "2026-11-23T23:30:00Z"],
    ["23:30 of the 23rd in São Paulo (02:30 UTC of the 24th)", "2026-11-24T02:30:00Z"],
  ])("at %s, tomorrow is refused and today accepted", (_when, now) => {
    vi.useFakeTimers({ now: new Date(now) });
    expect(errorOf("2026-11-24")).toEqual([`data_nascimento: ${FUTURE}`]);
    expect(errorOf("2026-11-23")).toBeNull();
    expect(moradorInputSchema.parse(morador("2026-11-23")).data_nascimento).toBe("2026-11-23");
  });

  it("accepts the 24th once it is the 24th in São Paulo", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T03:00:00Z") });
    expect(errorOf("2026-11-24")).toBeNull();
    expect(errorOf("2026-11-25")).toEqual([`data_nascimento: ${FUTURE}`]);
  });
});

describe("the residents list's search", () => {
  it.each([
    ["529.982.247-25", "52998224725"],
    ["(11) 98765-4321", "11987654321"],
    ["+55 11 9876", "55119876"],
    ["101", "101"],
  ])("reads %s as the digits %s of a CPF or phone", (text, digits) => {
    expect(searchDigits(text)).toBe(digits);
  });

  it.each(["Ana", "Bloco 2", "A-101", "...", "-"])("does not search CPFs and phones for %s", (text) => {
    expect(searchDigits(text)).toBeNull();
  });

  it("refuses invalid parameters in pt-BR", () => {
    const result = moradorListQuerySchema.safeParse({ status: "talvez", condominio_id: "x", q: "a".repeat(101), after: "?" });
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).sort()).toEqual([
      "after: Posição da lista inválida. Recarregue a lista.",
      "condominio_id: Condomínio inválido.",
      "q: Busca muito longa.",
      "status: Filtro inválido.",
    ]);
  });
});
