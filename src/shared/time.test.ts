import { describe, expect, it } from "vitest";
import { formatDateTime } from "./time";

describe("formatDateTime", () => {
  it("shows São Paulo's wall clock, whatever the instant's zone", () => {
    expect(formatDateTime("2026-11-24T02:30:00Z")).toBe("23/11/2026 23:30");
    expect(formatDateTime(new Date("2026-01-01T03:00:00Z"))).toBe("01/01/2026 00:00");
    expect(formatDateTime("2026-07-15T12:05:00-03:00")).toBe("15/07/2026 12:05");
  });
});
