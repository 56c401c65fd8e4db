import { describe, expect, it } from "vitest";
import type { AppConfig } from "../config";
import { ADMIN, createTestApp, request, TEST_ORIGIN } from "../testing/harness";

// TRUST_PROXY (issue 32): the client's address behind a cloud load balancer and an ingress, as an
// administrator reads it in Minha conta's open sessions (and as the per-address limits count it).

/** Signs in as the administrator through `chain` and returns the address his session shows. */
async function enderecoVisto(trustProxy: AppConfig["trustProxy"], chain: { peer: string; forwardedFor?: string }): Promise<string | null> {
  const t = await createTestApp({ trustProxy });
  try {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: chain.peer,
      headers: { origin: TEST_ORIGIN, ...(chain.forwardedFor ? { "x-forwarded-for": chain.forwardedFor } : {}) },
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const sessoes = await request(t, "GET", "/api/me/sessoes", { cookie });
    expect(sessoes.statusCode).toBe(200);
    const rows = (sessoes.json() as { rows: { ip: string | null; atual: boolean }[] }).rows;
    return rows.find((r) => r.atual)?.ip ?? null;
  } finally {
    await t.close();
  }
}

// The client (198.51.100.23) wrote a forged first entry; the balancer (10.0.0.5) appended the
// client's address; the ingress (10.0.1.7, the portal's peer) appended the balancer's.
const ATRAS_DE_DOIS = { peer: "10.0.1.7", forwardedFor: "203.0.113.66, 198.51.100.23, 10.0.0.5" };

describe("the client's address behind proxies", () => {
  it("TRUST_PROXY=2 (a load balancer and an ingress): the client's, neither the balancer's nor the forged one", async () => {
    expect(await enderecoVisto(2, ATRAS_DE_DOIS)).toBe("198.51.100.23");
  });

  it("TRUST_PROXY=true trusts only the proxy in front: behind two, it sees the balancer", async () => {
    expect(await enderecoVisto(1, ATRAS_DE_DOIS)).toBe("10.0.0.5");
  });

  it("trusted networks: every proxy inside them is passed, and a peer outside them is the client", async () => {
    expect(await enderecoVisto(["10.0.0.0/8", "fd00::/8"], ATRAS_DE_DOIS)).toBe("198.51.100.23");
    // Someone reaching the portal directly, not through the proxies, cannot name another address.
    expect(await enderecoVisto(["10.0.0.0/8"], { peer: "192.0.2.9", forwardedFor: "198.51.100.23, 10.0.0.5" })).toBe("192.0.2.9");
  });

  it("without TRUST_PROXY, the connection's own address, whatever the header says", async () => {
    expect(await enderecoVisto(false, ATRAS_DE_DOIS)).toBe("10.0.1.7");
  });
});
