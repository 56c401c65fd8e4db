import { describe, expect, it } from "vitest";
import { formatInteiro, formatTotal } from "./numero";

describe("numbers pt-BR", () => {
  it("groups thousands with '.'", () => {
    expect(formatInteiro(0)).toBe("0");
    expect(formatInteiro(999)).toBe("999");
    expect(formatInteiro(1000)).toBe("1.000");
    expect(formatInteiro(10000)).toBe("10.000");
    expect(formatInteiro(1234567)).toBe("1.234.567");
  });

  it("says 'mais de' for a total that is only a lower bound", () => {
    expect(formatTotal(10000, true)).toBe("mais de 10.000");
    expect(formatTotal(10000)).toBe("10.000");
    expect(formatTotal(42, false)).toBe("42");
  });
});
