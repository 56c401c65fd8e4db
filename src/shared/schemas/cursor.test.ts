import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cursorId, cursorParam, cursorText, encodeCursor } from "./cursor";

const after = cursorParam(z.tuple([cursorText(), cursorText(7), cursorId]));
const uuid = "8d25b2eb-c17e-4b0b-b02b-a0be5cf32d17";

describe("list cursors", () => {
  it("carry any text key through a URL unchanged: URL-safe, and decoded to the same values", () => {
    for (const key of [
      ["Ágata Park 😀 ﷽", "ABC1D23", uuid],
      ["", "", uuid],
      ["a/b+c=d?&%", "'--", uuid],
    ]) {
      const cursor = encodeCursor(key);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(encodeURIComponent(cursor)).toBe(cursor);
      expect(after.parse(cursor)).toEqual(key);
    }
  });

  it("refuse other shapes and values that do not fit the columns, with one message", () => {
    for (const bad of [
      encodeCursor(["a", "ABC12345", uuid]),
      encodeCursor(["a", "b", "nope"]),
      encodeCursor(["a", uuid]),
      `${encodeCursor(["a", "b", uuid])}==`,
    ]) {
      const result = after.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual(["Posição da lista inválida. Recarregue a lista."]);
    }
  });
});
