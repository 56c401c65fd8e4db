import { describe, expect, it } from "vitest";
import { formatDuracao } from "./format";

describe("formatDuracao", () => {
  it("says the time inside in minutes, then hours and minutes", () => {
    expect(formatDuracao(20_000)).toBe("menos de 1 min");
    expect(formatDuracao(-5)).toBe("menos de 1 min");
    expect(formatDuracao(45 * 60_000)).toBe("45 min");
    expect(formatDuracao((2 * 60 + 5) * 60_000 + 59_000)).toBe("2 h 05 min");
    expect(formatDuracao(13 * 3_600_000)).toBe("13 h 00 min");
  });
});
