import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../config";
import { usuarios, verification } from "../db/schema";
import { Fixtures } from "../testing/fixtures";
import { ADMIN, createTestApp, signIn, TEST_ORIGIN, type TestApp, errorWithoutRequestId } from "../testing/harness";

// GET /api/redefinicao-senha?token=: the password page learns whether its e-mailed link still
// works before the user types two passwords. Only { valido } comes back, and the check is
// limited per client address like the recovery routes (5 in 5 minutes).

let t: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  fixtures = new Fixtures(t, await signIn(t, ADMIN.email, ADMIN.password));
});
afterAll(() => t.close());

let address = 0;
/** Each test asks from its own client address, so the rate limit counts only its own calls. */
const client = () => {
  const remoteAddress = `198.51.100.${++address}`;
  return (token?: string) =>
    t.app.inject({ method: "GET", url: `/api/redefinicao-senha${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`, remoteAddress });
};

describe("GET /api/redefinicao-senha", () => {
  it("says a link that works is valid, and nothing else", async () => {
    const check = client();
    const response = await check(await fixtures.resetToken());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ valido: true });
  });

  it("says a made-up, missing or empty token is not valid, with the same answer", async () => {
    const check = client();
    for (const token of ["nao-existe-123", undefined, ""]) {
      const response = await check(token);
      expect(response.statusCode, String(token)).toBe(200);
      expect(response.json()).toStrictEqual({ valido: false });
    }
  });

  it("says a used link is no longer valid", async () => {
    const check = client();
    const token = await new Fixtures(t, await signIn(t, ADMIN.email, ADMIN.password)).resetToken();
    expect((await check(token)).json()).toStrictEqual({ valido: true });
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: "Sentinela#Redefinida-2026", token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await check(token)).json()).toStrictEqual({ valido: false });
  });

  it("says an expired link is no longer valid", async () => {
    const check = client();
    const other = new Fixtures(t, await signIn(t, ADMIN.email, ADMIN.password));
    const token = await other.resetToken();
    const [user] = await t.database.db
      .select({ authUserId: usuarios.auth_user_id })
      .from(usuarios)
      .where(eq(usuarios.id, (await other.usuario()).id));
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verification.value, user!.authUserId!), like(verification.identifier, "reset-password:%")));
    expect((await check(token)).json()).toStrictEqual({ valido: false });
  });

  it("refuses a token longer than any link's in the one error shape", async () => {
    const response = await client()("a".repeat(201));
    expect(response.statusCode).toBe(400);
    expect(errorWithoutRequestId(response)).toStrictEqual({
      error: { code: "VALIDATION_ERROR", title: "Dados inválidos", message: "Link inválido.", fields: { token: "Link inválido." } },
    });
  });

  it("answers 429 'Muitas tentativas' after as many checks as the recovery routes allow", async () => {
    const check = client();
    const { max } = DEFAULT_RATE_LIMITS.recovery;
    for (let i = 0; i < max; i++) expect((await check(`tentativa-${i}`)).statusCode).toBe(200);
    const limited = await check(await fixtures.resetToken());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(errorWithoutRequestId(limited)).toStrictEqual({
      error: { code: "RATE_LIMITED", title: "Muitas tentativas", message: "Muitas tentativas em pouco tempo. Aguarde um instante e tente novamente." },
    });
    // Another address is not held back.
    expect((await client()(await fixtures.resetToken())).json()).toStrictEqual({ valido: true });
  });
});
