import { describe, expect, it } from "vitest";
import { formatCep } from "@shared/br/cep";
import { formatCnpj } from "@shared/br/cnpj";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { formatPlaca } from "@shared/br/placa";
import { maskText, type MaskKind } from "./input-mask";

// The masks show exactly what the formatters of src/shared/br show: a value typed in a form is
// the value the lists print, and the schemas accept it.

/** CPF up to 11 digits, CNPJ beyond or with a letter (the providers' document field). */
const formatCpfOuCnpj = (value: string) => (/[A-Z]/i.test(value) || value.length > 11 ? formatCnpj(value) : formatCpf(value));

/** Every prefix of `raw`, as the field holds it key after key. */
const prefixes = (raw: string) => Array.from({ length: raw.length }, (_, i) => raw.slice(0, i + 1));

describe("while typing, the mask shows what the formatter shows", () => {
  const cases: [MaskKind, (value: string) => string, string[]][] = [
    ["cpf", formatCpf, ["52998224725"]],
    ["cnpj", formatCnpj, ["11222333000181", "12ABC34501DE35"]],
    ["cpfOuCnpj", formatCpfOuCnpj, ["52998224725", "11222333000181", "12ABC34501DE35"]],
    ["cep", formatCep, ["06454000"]],
    ["telefone", formatPhone, ["1142001800", "11987654321"]],
  ];
  it.each(cases)("%s", (kind, format, values) => {
    for (const raw of values) for (const typed of prefixes(raw)) expect(maskText(kind, typed), typed).toBe(format(typed));
  });
});

describe("complete values", () => {
  it.each([
    ["cpf", "529.982.247-25", "52998224725"],
    ["cnpj", "12.ABC.345/01DE-35", "12abc34501de35"],
    ["cnpj", "11.222.333/0001-81", "11.222.333/0001-81"],
    ["cpfOuCnpj", "529.982.247-25", "529.982.247-25"],
    ["cpfOuCnpj", "12.ABC.345/01DE-35", "12abc34501de35"],
    ["cep", "06454-000", "06454000"],
    ["telefone", "(11) 4200-1800", "1142001800"],
    ["telefone", "(11) 98765-4321", "(11) 98765-4321"],
    ["placa", "ABC-1234", "abc1234"],
    ["placa", "ABC1D23", "abc1d23"],
    ["placa", "ABC1D23", "ABC-1D23"],
  ] as const)("%s shows %s for %s", (kind, shown, typed) => {
    expect(maskText(kind, typed)).toBe(shown);
  });

  it("plates look like formatPlaca once complete", () => {
    for (const raw of ["abc1234", "XYZ9876", "abc1d23", "RIO2A18"]) expect(maskText("placa", raw)).toBe(formatPlaca(raw));
  });

  it("refuses what the format cannot hold", () => {
    expect(maskText("cpf", "529a982")).toBe("529.982");
    // The check digits are numbers: letters there are not taken.
    expect(maskText("cnpj", "12ABC34501DEXY")).toBe("12.ABC.345/01DE-");
    expect(maskText("telefone", "11987654321999")).toBe("(11) 98765-4321");
    expect(maskText("cep", "06454-000123")).toBe("06454-000");
    expect(maskText("placa", "abc12345")).toBe("ABC-1234");
    expect(maskText("placa", "abc1dd3")).toBe("ABC1D3");
  });
});
