import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { canaisDesligados, canaisDisponiveis } from "./modules/notificacoes/canais";

describe("loadConfig", () => {
  it("reads TRUST_PROXY as nobody, a number of proxies in front, or trusted networks", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,fd00::/8" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.10", "fd00::/8"]);
    for (const wrong of ["sim", "11", "10.0.0.0/33", "10.0.0/8", "fd00::/129", "10.0.0.0/8,"]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY deve ser false, true, o número de proxies/);
    }
  });

  it("has working defaults for a first start", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: "./data", publicUrl: "http://localhost:3000", adminEmail: "admin@portal.local" });
    expect(config.databaseUrl).toBeUndefined();
  });

  it("lists every problem at once", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", ADMIN_PASSWORD: "123" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("ADMIN_PASSWORD");
  });

  it("ends sessions after 12 hours or 30 idle minutes by default; both can be set by env", () => {
    expect(loadConfig({}).session).toEqual({ maxAgeMs: 12 * 60 * 60_000, idleMs: 30 * 60_000 });
    expect(loadConfig({ SESSION_MAX_AGE_MINUTES: "480", SESSION_IDLE_MINUTES: "15" }).session).toEqual({ maxAgeMs: 480 * 60_000, idleMs: 15 * 60_000 });
    // The idle time never outlasts the session itself.
    expect(loadConfig({ SESSION_MAX_AGE_MINUTES: "10", SESSION_IDLE_MINUTES: "30" }).session.idleMs).toBe(10 * 60_000);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: "0" })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_MAX_AGE_MINUTES: "doze" })).toThrow(/SESSION_MAX_AGE_MINUTES/);
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://portal.exemplo.com.br/" }).publicUrl).toBe("https://portal.exemplo.com.br");
  });

  it("trusts only PUBLIC_URL's origin when set, and the loopback names when not", () => {
    expect(loadConfig({ PUBLIC_URL: "https://portal.exemplo.com.br/" }).trustedOrigins).toEqual(["https://portal.exemplo.com.br"]);
    expect(loadConfig({ PORT: "3000" }).trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });

  it("keeps the sign-in limit and 5 s caches by default; both can be set by env", () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits.signIn).toEqual({ window: 60, max: 10 });
    expect(defaults.cacheTtlMs).toBe(5_000);
    const tuned = loadConfig({ RATE_LIMIT_SIGN_IN_MAX: "100000", CACHE_TTL_MS: "0" });
    expect(tuned.rateLimits.signIn).toEqual({ window: 60, max: 100_000 });
    // The bench signs in on ten connections as one account: the password slots follow.
    expect(tuned.rateLimits.signInFailuresPerAccountAndAddress).toEqual({ window: 900, max: 100_000 });
    expect(tuned.rateLimits.signInFailuresPerAccount).toEqual({ window: 900, max: 100_000 });
    expect(defaults.rateLimits.signInFailuresPerAccountAndAddress).toEqual({ window: 900, max: 5 });
    expect(tuned.cacheTtlMs).toBe(0);
    expect(() => loadConfig({ CACHE_TTL_MS: "-1" })).toThrow(ConfigError);
  });

  it("turns each notice channel on only with its settings, and says which are off", () => {
    const nada = loadConfig({});
    expect(canaisDisponiveis(nada)).toStrictEqual({ push: true, whatsapp: false, sms: false, email: false });
    expect(canaisDesligados(nada).join("\n")).toMatch(/WhatsApp desligadas: defina WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN e WHATSAPP_TEMPLATE_SOLICITACAO/);
    // Half a WhatsApp setup is none.
    expect(loadConfig({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "123" }).notificacoes?.whatsapp).toBeUndefined();
    const tudo = loadConfig({
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "123",
      WHATSAPP_TEMPLATE_SOLICITACAO: "visitante_na_portaria",
      WHATSAPP_API_URL: "http://127.0.0.1:9999/",
      SMS_API_TOKEN: "s",
      SMS_FROM: "Sentinela",
      SMTP_URL: "smtp://localhost:2525",
      WEB_PUSH_SUBJECT: "mailto:ti@exemplo.com.br",
    });
    expect(tudo.notificacoes).toMatchObject({
      webPushSubject: "mailto:ti@exemplo.com.br",
      whatsapp: { apiUrl: "http://127.0.0.1:9999", versao: "v21.0", phoneNumberId: "123", token: "t", template: "visitante_na_portaria" },
      sms: { apiUrl: "https://api.zenvia.com", token: "s", from: "Sentinela" },
      email: true,
    });
    expect(canaisDesligados(tudo)).toStrictEqual([]);
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: "ti@exemplo.com.br" })).toThrow(/WEB_PUSH_SUBJECT/);
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: "+55 11" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
  });
});
