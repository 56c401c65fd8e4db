import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone } from "./phone";

describe("phone", () => {
  it.each(["(11) 98765-4321", "11987654321", "(11) 4200-1800", "1142001800"])("accepts %s", (value) => {
    expect(isValidPhone(value)).toBe(true);
  });
  it.each(["123", "(11) 8765-432", "(01) 98765-4321", "11887654321", "(11) 1234-5678"])("refuses %s", (value) => {
    expect(isValidPhone(value)).toBe(false);
  });
  it("masks while typing", () => {
    expect(formatPhone("11")).toBe("(11");
    expect(formatPhone("119876")).toBe("(11) 9876");
    expect(formatPhone("1142001800")).toBe("(11) 4200-1800");
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("11987654321999")).toBe("(11) 98765-4321");
  });
});
