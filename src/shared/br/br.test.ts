import { describe, expect, it } from "vitest";
import { formatCep, isValidCep } from "./cep";
import { cnpjWithCheckDigits, formatCnpj, isValidCnpj } from "./cnpj";
import { formatPlaca, isValidPlaca, normalizePlaca, podeSerParteDePlaca } from "./placa";
import { formatDocumento } from "./documento";

describe("CNPJ", () => {
  it.each(["11.222.333/0001-81", "11222333000181", "12.ABC.345/01DE-35", "12abc34501de35"])("accepts %s", (v) => expect(isValidCnpj(v)).toBe(true));
  it.each(["11.222.333/0001-82", "00.000.000/0000-00", "12.ABC.345/01DE-36", "12ABC34501DE3X", "123"])("refuses %s", (v) => expect(isValidCnpj(v)).toBe(false));
  it("completes a base with valid check digits", () => {
    expect(cnpjWithCheckDigits("112223330001")).toBe("11222333000181");
    expect(cnpjWithCheckDigits("12abc34501de")).toBe("12ABC34501DE35");
  });
  it("masks, keeping letters", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("112")).toBe("11.2");
  });
});

describe("CEP", () => {
  it("validates and masks", () => {
    expect(isValidCep("06454-000")).toBe(true);
    expect(isValidCep("0645400")).toBe(false);
    expect(isValidCep("06454-00a")).toBe(false);
    expect(isValidCep("00000-000")).toBe(false);
    expect(isValidCep("00000000")).toBe(false);
    expect(isValidCep("00000-001")).toBe(true);
    expect(formatCep("06454000")).toBe("06454-000");
  });
});

describe("plates", () => {
  it.each(["ABC-1234", "abc1234", "ABC1D23", "abc1d23"])("accepts %s", (v) => expect(isValidPlaca(v)).toBe(true));
  it.each(["AB-1234", "ABC12345", "1BC1234", "ABC1DD3", ""])("refuses %s", (v) => expect(isValidPlaca(v)).toBe(false));
  it("normalises and formats", () => {
    expect(normalizePlaca("abc-1234")).toBe("ABC1234");
    expect(formatPlaca("abc1234")).toBe("ABC-1234");
    expect(formatPlaca("abc1d23")).toBe("ABC1D23");
  });
  it.each(["ABC", "abc-1", "1D23", "BC-12", "c1d2", "ABC1234", "abc 1d23", "234"])("%s could be part of a plate", (v) =>
    expect(podeSerParteDePlaca(v)).toBe(true),
  );
  it.each(["Silva", "Ana Souza", "ABCD", "AB", "ABC12345", "12345", "A1BC"])("%s could not", (v) => expect(podeSerParteDePlaca(v)).toBe(false));
});

describe("documents at the gate", () => {
  it("shows a valid CPF with its dots and dash, and any other document as stored", () => {
    expect(formatDocumento("52998224725")).toBe("529.982.247-25");
    // Eleven digits that are not a CPF (an RG, a CNH) stay as they are.
    expect(formatDocumento("12345678901")).toBe("12345678901");
    expect(formatDocumento("MG1234567")).toBe("MG1234567");
  });
});
