import { describe, expect, it } from "vitest";
import { situacaoAutorizacao, type AutorizacaoRegras } from "@shared/schemas/visitantes";
import { recusa, recusaAutorizacao } from "./decisao";

// Moved from src/shared/schemas/visitantes.test.ts with the rule it tests (assertions unchanged).
const sp = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00-03:00`);

describe("the gate's decision", () => {
  const hoje = "2026-11-25";
  it("stops at the blocklist before anything else, with the block's reason", () => {
    expect(recusa({ bloqueio: { tipo: "pessoa", motivo: "Ameaçou o porteiro" }, ativo: false }, hoje)).toEqual({
      motivo: "Pessoa bloqueada neste condomínio: Ameaçou o porteiro.",
      bloqueio: true,
    });
    expect(recusa({ bloqueio: { tipo: "veiculo", motivo: "Placa clonada." }, ativo: true }, hoje)).toEqual({
      motivo: "Veículo bloqueado neste condomínio: Placa clonada.",
      bloqueio: true,
    });
  });

  it("a block matched by the name only stops too, but the porteiro may override it", () => {
    expect(recusa({ bloqueio: { tipo: "pessoa", motivo: "Furto", confira: "sem_documento" }, ativo: true }, hoje)).toEqual({
      motivo: "Pessoa bloqueada neste condomínio: Furto. O nome confere com o bloqueio e nenhum documento foi informado: confira a identidade.",
      bloqueio: false,
    });
  });

  it("refuses an inactive record, which the porteiro may override", () => {
    expect(recusa({ bloqueio: null, ativo: false }, hoje)).toEqual({ motivo: "Cadastro inativo.", bloqueio: false });
  });

  it("lets a provider in on the first and last days of its period, not the day before or after", () => {
    const periodo = { inicio: "2026-11-25", fim: "2026-11-30" };
    expect(recusa({ bloqueio: null, ativo: true, periodo }, "2026-11-25")).toBeNull();
    expect(recusa({ bloqueio: null, ativo: true, periodo }, "2026-11-30")).toBeNull();
    expect(recusa({ bloqueio: null, ativo: true, periodo }, "2026-11-24")).toEqual({
      motivo: "Prestador fora do período autorizado (25/11/2026 até 30/11/2026).",
      bloqueio: false,
    });
    expect(recusa({ bloqueio: null, ativo: true, periodo }, "2026-12-01")?.motivo).toBe("Prestador fora do período autorizado (25/11/2026 até 30/11/2026).");
    expect(recusa({ bloqueio: null, ativo: true, periodo: { inicio: "2026-12-01", fim: null } }, hoje)?.motivo).toBe(
      "Prestador fora do período autorizado (01/12/2026 até Indeterminado).",
    );
    expect(recusa({ bloqueio: null, ativo: true, periodo: { inicio: "2026-01-01", fim: null } }, hoje)).toBeNull();
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
