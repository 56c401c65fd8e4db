import { describe, expect, it } from "vitest";
import { formatDuracao, formatEntrada } from "./format";

describe("formatDuracao", () => {
  it("says the time inside in minutes, then hours and minutes", () => {
    expect(formatDuracao(20_000)).toBe("menos de 1 min");
    expect(formatDuracao(-5)).toBe("menos de 1 min");
    expect(formatDuracao(45 * 60_000)).toBe("45 min");
    expect(formatDuracao((2 * 60 + 5) * 60_000 + 59_000)).toBe("2 h 05 min");
    expect(formatDuracao(13 * 3_600_000)).toBe("13 h 00 min");
    expect(formatDuracao(23 * 3_600_000 + 59 * 60_000)).toBe("23 h 59 min");
  });

  it("counts days from a day on, so a forgotten exit reads at a glance", () => {
    expect(formatDuracao(24 * 3_600_000)).toBe("1 d 00 h");
    expect(formatDuracao((339 * 24 + 4) * 3_600_000 + 21 * 60_000)).toBe("339 d 04 h");
  });
});

describe("formatEntrada", () => {
  // 2026-11-25 23:30 in São Paulo is 2026-11-26 02:30 UTC.
  const now = Date.parse("2026-11-26T02:30:00Z");
  it("shows only the time for an entry of São Paulo's today, even when it is tomorrow in UTC", () => {
    expect(formatEntrada("2026-11-25T21:03:00Z", now)).toBe("18:03");
  });
  it("shows the date too for an entry of an earlier day", () => {
    expect(formatEntrada("2026-11-25T02:59:00Z", now)).toBe("24/11/2026 23:59");
    expect(formatEntrada("2025-12-21T21:03:00Z", now)).toBe("21/12/2025 18:03");
  });
});
