import { describe, expect, it } from "vitest";
import { recusa } from "./decisao";

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
