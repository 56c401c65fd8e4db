import { describe, expect, it } from "vitest";
import { cpfWithCheckDigits, formatCpf, isValidCpf } from "./cpf";

describe("CPF", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35"])("accepts %s", (cpf) => expect(isValidCpf(cpf)).toBe(true));
  it.each(["529.982.247-26", "111.111.111-11", "123", "", "5299822472a", "529.982.247-25XYZ", "AB.000.000/031C-07"])("refuses %s", (cpf) =>
    expect(isValidCpf(cpf)).toBe(false),
  );
  it("masks while typing", () => {
    expect(formatCpf("529")).toBe("529");
    expect(formatCpf("5299")).toBe("529.9");
    expect(formatCpf("5299822")).toBe("529.982.2");
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
  });
});

describe("cpfWithCheckDigits", () => {
  it("completes a base with valid check digits", () => {
    expect(cpfWithCheckDigits("529982247")).toBe("52998224725");
    expect(cpfWithCheckDigits("111444777")).toBe("11144477735");
  });
});
