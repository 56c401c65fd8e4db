import { describe, expect, it } from "vitest";
import {
  autorizacaoInputSchema,
  descreverValidade,
  formatarDias,
  pareceCodigo,
  recusaAutorizacao,
  situacaoAutorizacao,
  type AutorizacaoRegras,
} from "./visitantes";

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

describe("recusaAutorizacao", () => {
  const diarista: AutorizacaoRegras = {
    status: "ativa",
    valido_de: new Date(sp("2027-03-01", "00:00")),
    valido_ate: new Date(sp("2027-06-30", "23:59") + 59_999),
    dias_semana: [1, 4],
    hora_inicio: "08:00:00",
    hora_fim: "17:00:00",
    max_entradas: null,
    entradas_usadas: 0,
  };
  const fora = "Fora do horário autorizado (segunda e quinta, das 08:00 às 17:00).";

  it("checks weekday and window in São Paulo time", () => {
    expect(recusaAutorizacao(diarista, sp("2027-03-01", "08:00"))).toBeNull();
    expect(recusaAutorizacao(diarista, sp("2027-03-01", "17:00"))).toBeNull();
    expect(recusaAutorizacao(diarista, sp("2027-03-01", "07:59"))).toBe(fora);
    expect(recusaAutorizacao(diarista, sp("2027-03-01", "17:01"))).toBe(fora);
    expect(recusaAutorizacao(diarista, sp("2027-03-02", "10:00"))).toBe(fora);
  });

  it("checks the period to the last instant of the last day, and says the end's date", () => {
    expect(recusaAutorizacao(diarista, sp("2027-02-28", "23:59"))).toBe("Fora do período autorizado (01/03/2027 até 30/06/2027).");
    expect(recusaAutorizacao({ ...diarista, dias_semana: [3] }, sp("2027-06-30", "16:59"))).toBeNull();
    expect(recusaAutorizacao(diarista, sp("2027-07-01", "00:01"))).toBe("Autorização expirada em 30/06/2027.");
    expect(situacaoAutorizacao(diarista, sp("2027-07-01", "00:00"))).toBe("expirada");
    expect(situacaoAutorizacao(diarista, sp("2027-06-30", "23:59"))).toBe("ativa");
  });

  it("puts cancelled and used up before everything else", () => {
    expect(recusaAutorizacao({ ...diarista, status: "cancelada" }, sp("2027-08-01", "00:00"))).toBe("Autorização cancelada.");
    expect(recusaAutorizacao({ ...diarista, status: "utilizada" }, sp("2027-03-01", "10:00"))).toBe("Autorização já utilizada.");
    expect(recusaAutorizacao({ ...diarista, max_entradas: 2, entradas_usadas: 2 }, sp("2027-03-01", "10:00"))).toBe("Autorização já utilizada.");
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
