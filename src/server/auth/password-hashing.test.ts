import { describe, expect, it } from "vitest";
import { limitConcurrency, limitedPasswordHashing } from "./password-hashing";

describe("limitConcurrency", () => {
  it("never runs more than the limit at once, and runs every task in order of arrival", async () => {
    const limited = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      limited(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return i * 10;
      });
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map(task))).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("frees the slot when a task fails", async () => {
    const limited = limitConcurrency(1);
    await expect(limited(() => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
    expect(await limited(async () => "ok")).toBe("ok");
  });
});

describe("limitedPasswordHashing", () => {
  it("hashes and verifies with better-auth's scrypt format", async () => {
    const hashing = limitedPasswordHashing(1);
    const hash = await hashing.hash("Girassol-Cometa-2026");
    expect(await hashing.verify({ hash, password: "Girassol-Cometa-2026" })).toBe(true);
    expect(await hashing.verify({ hash, password: "outra-senha" })).toBe(false);
  });
});
