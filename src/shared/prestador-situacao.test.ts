import { describe, expect, it } from "vitest";
import { situacaoNoDia, situacaoPrestador } from "./prestador-situacao";

// São Paulo is UTC-3 (no daylight saving time since 2019): 23:59 local on the 10th is 02:59 UTC
// on the 11th, when a server in UTC already has the next day.
const sp = (local: string) => new Date(`${local}-03:00`);

describe("provider authorisation situation (São Paulo time)", () => {
  it("is 'vigente' up to 23:59 of the last day and 'vencida' from 00:01 of the next", () => {
    expect(situacaoPrestador("2026-01-01", "2026-03-10", sp("2026-03-10T23:59:00"))).toBe("vigente");
    expect(sp("2026-03-10T23:59:00").toISOString().slice(0, 10)).toBe("2026-03-11"); // UTC has moved on
    expect(situacaoPrestador("2026-01-01", "2026-03-10", sp("2026-03-11T00:01:00"))).toBe("vencida");
  });

  it("is 'a iniciar' up to 23:59 of the day before the start and 'vigente' from 00:01 of the first day", () => {
    expect(situacaoPrestador("2026-03-10", "2026-04-10", sp("2026-03-09T23:59:00"))).toBe("a_iniciar");
    expect(situacaoPrestador("2026-03-10", "2026-04-10", sp("2026-03-10T00:01:00"))).toBe("vigente");
  });

  it("is 'indeterminado' from 00:01 of the first day when there is a start but no end", () => {
    expect(situacaoPrestador("2026-03-10", null, sp("2026-03-09T23:59:00"))).toBe("a_iniciar");
    expect(situacaoPrestador("2026-03-10", null, sp("2026-03-10T00:01:00"))).toBe("indeterminado");
  });

  it("counts a one-day period as 'vigente' all that day", () => {
    expect(situacaoPrestador("2026-03-10", "2026-03-10", sp("2026-03-10T00:01:00"))).toBe("vigente");
    expect(situacaoPrestador("2026-03-10", "2026-03-10", sp("2026-03-10T23:59:00"))).toBe("vigente");
    expect(situacaoPrestador("2026-03-10", "2026-03-10", sp("2026-03-11T00:01:00"))).toBe("vencida");
  });

  it("reads an end without a start as valid until the end, and no period at all as 'indeterminado'", () => {
    expect(situacaoNoDia(null, "2026-03-10", "2026-03-10")).toBe("vigente");
    expect(situacaoNoDia(null, "2026-03-10", "2026-03-11")).toBe("vencida");
    expect(situacaoNoDia(null, null, "2026-03-11")).toBe("indeterminado");
  });
});
