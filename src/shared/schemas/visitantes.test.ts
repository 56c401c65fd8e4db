import { describe, expect, it } from "vitest";
import { autorizacaoInputSchema, descreverValidade, formatarDias, pareceCodigo } from "./visitantes";

const sp = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00-03:00`);

describe("formatarDias", () => {
  it("says the days as the refusal shows them", () => {
    expect(formatarDias([1, 4])).toBe("segunda e quinta");
    expect(formatarDias([4, 1, 1])).toBe("segunda e quinta");
    expect(formatarDias([1])).toBe("segunda");
    expect(formatarDias([1, 3, 5])).toBe("segunda, quarta e sexta");
    expect(formatarDias([1, 2, 3, 4, 5])).toBe("segunda a sexta");
    expect(formatarDias([0, 6])).toBe("domingo e sábado");
    expect(formatarDias([0, 1, 2, 3, 4, 5, 6])).toBe("todos os dias");
    expect(formatarDias(null)).toBe("todos os dias");
  });
});

describe("the short code", () => {
  it("is 8 characters of the alphabet with a digit and a letter, typed in any case and with separators", () => {
    expect(pareceCodigo("K7M2-QX9P")).toBe(true);
    expect(pareceCodigo("k7m2 qx9p")).toBe(true);
    expect(pareceCodigo("FERNANDA")).toBe(false);
    expect(pareceCodigo("12345678")).toBe(false);
    expect(pareceCodigo("K7M2QX0P")).toBe(false);
    expect(pareceCodigo("K7M2QX9")).toBe(false);
  });
});

describe("the form's schema", () => {
  it("describes the validity in words", () => {
    expect(
      descreverValidade({
        tipo: "unica",
        valido_de: new Date(sp("2027-03-10", "00:00")),
        valido_ate: new Date(sp("2027-03-10", "23:59")),
        dias_semana: null,
        hora_inicio: null,
        hora_fim: null,
      }),
    ).toBe("dia 10/03/2027");
    expect(
      descreverValidade({
        tipo: "periodo",
        valido_de: new Date(sp("2027-03-10", "00:00")),
        valido_ate: new Date(sp("2027-03-20", "23:59")),
        dias_semana: null,
        hora_inicio: "09:00",
        hora_fim: "18:00",
      }),
    ).toBe("de 10/03/2027 até 20/03/2027, das 09:00 às 18:00");
  });

  it("answers in pt-BR", () => {
    const result = autorizacaoInputSchema.safeParse({ tipo: "x" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("Escolha o tipo da autorização: única, período ou recorrente.");
    expect(messages).toContain("Informe o nome do visitante.");
  });
});
