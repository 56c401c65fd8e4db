import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_CACHE_TTL_MS } from "./cache";

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // The owner of the tables, for the migrations; DATABASE_URL is then a role that may only insert
  // and read the access records (docs/operations.md).
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // The key that seals the access records' chain, never kept in the database: given, or in a file
  // (generated on first start; default DATA_DIR/cadeia.key). And where signed checkpoints go.
  CHAIN_KEY: z.string().min(32, "CHAIN_KEY precisa ter pelo menos 32 caracteres").optional(),
  CHAIN_KEY_FILE: z.string().min(1).optional(),
  CHECKPOINT_DIR: z.string().min(1).optional(),
  // The key that encrypts the devices' passwords (gate-operation-spec §2.1), never in the
  // database: given, or in a file (generated on first start; default DATA_DIR/dispositivos.key).
  DEVICE_KEY: z.string().min(32, "DEVICE_KEY precisa ter pelo menos 32 caracteres").optional(),
  DEVICE_KEY_FILE: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Sentinela Segurança Eletrônica <nao-responda@localhost>"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_EMAIL: z.email().default("admin@portal.local"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD precisa ter pelo menos 8 caracteres").optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET precisa ter pelo menos 32 caracteres").optional(),
  // Who may say the client's address in X-Forwarded-For (docs/operations.md): nobody ('false'),
  // the proxy in front ('true', the same as '1'), that many proxies in a chain ('2': a cloud
  // load balancer and an ingress), or the proxies in these networks ('10.0.0.0/8,fd00::/8').
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, ctx): TrustProxy => {
      if (value === "false" || value === "0" || value === "") return false;
      if (value === "true") return 1;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 10) return hops;
      } else {
        const redes = value.split(",").map((r) => r.trim());
        if (redes.every(redeValida)) return redes;
      }
      ctx.addIssue({
        code: "custom",
        message: "TRUST_PROXY deve ser false, true, o número de proxies à frente (1 a 10) ou redes separadas por vírgula (10.0.0.0/8,192.168.1.10)",
      });
      return z.NEVER;
    }),
  // How long sessions, permissions and painel counts may be reused from memory (0: no cache).
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Sessions end this long after sign-in, or after this long without a request (issue 12).
  SESSION_MAX_AGE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(12 * 60),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(30),
  // The logs: how much (pino's levels) and how (JSON lines, or readable text; by default readable
  // only when the output is a terminal).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  // Prometheus metrics on a port of their own (off when unset), on this interface only.
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  // PostgreSQL connections of this instance (DATABASE_URL); several instances add up.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  // PostgreSQL: longest a request's statement may run (ms; 0: no limit). The CSV export is exempt.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // For load tests only (npm run bench): sign-in attempts allowed per IP per minute.
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).optional(),
  // How often each instance looks for devices whose people changed (ms; 0: never). For the
  // device bench (npm run bench), whose 800 simulated devices hold only the people it names.
  SINCRONIZACAO_VARREDURA_MS: z.coerce.number().int().min(0).optional(),
  // The resident's notices (gate-operation-spec §3.4): each channel is off without its settings.
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "WEB_PUSH_SUBJECT deve começar com mailto: ou https://")
    .optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com"),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "WHATSAPP_API_VERSION como v21.0")
    .default("v21.0"),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, "WHATSAPP_PHONE_NUMBER_ID: só dígitos").optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_TEMPLATE_SOLICITACAO: z
    .string()
    .regex(/^[a-z0-9_]+$/, "WHATSAPP_TEMPLATE_SOLICITACAO: o nome do modelo aprovado (minúsculas, dígitos, _)")
    .optional(),
  WHATSAPP_TEMPLATE_ENCOMENDA: z
    .string()
    .regex(/^[a-z0-9_]+$/, "WHATSAPP_TEMPLATE_ENCOMENDA: o nome do modelo aprovado (minúsculas, dígitos, _)")
    .optional(),
  SMS_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.zenvia.com"),
  SMS_API_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
});

/** The notices' channels (gate-operation-spec §3.4; modules/notificacoes/canais.ts): each off without its settings. */
export interface NotificacoesConfig {
  /** Web Push's VAPID subject (mailto: or https:); default mailto: + ADMIN_EMAIL. Push is on always (keys made on first start). */
  webPushSubject?: string;
  /** The WhatsApp Business Cloud API: on with a phone number id, a token and an approved template. */
  whatsapp?: { apiUrl: string; versao: string; phoneNumberId: string; token: string; template: string; templateEncomenda?: string };
  /** The SMS provider (Zenvia API v2): on with a token. */
  sms?: { apiUrl: string; token: string; from?: string };
  /** E-mail through the portal's outbox (default: on when SMTP_URL is set). */
  email?: boolean;
  /** Multiplies the cascade's waits (CASCATA_S) and the retries' back-off: 1 in production, less in the tests. */
  cascataEscala?: number;
  /** How often this instance sends what is due without a timer (a restart, another instance's row): default 1 s; 0 never. */
  varreduraMs?: number;
  /** A leased row comes back to any sender after this long (default 20 s). */
  arrendamentoS?: number;
  /** A certificate authority (PEM) trusted for push services besides the system's: the tests' fake push service. */
  pushCa?: string;
}

export interface RateLimitRule {
  window: number; // seconds
  max: number;
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: the tables' owner, which runs the migrations (unset: DATABASE_URL's role does). */
  migrationDatabaseUrl?: string;
  /** The chain's key (CHAIN_KEY), or the file that holds it (CHAIN_KEY_FILE; default DATA_DIR/cadeia.key). */
  chainKey?: string;
  chainKeyFile?: string;
  /** Where the chain's signed checkpoints are written (default DATA_DIR/checkpoints). */
  checkpointDir?: string;
  /** The devices' password key (DEVICE_KEY), or its file (DEVICE_KEY_FILE; default DATA_DIR/dispositivos.key). */
  deviceKey?: string;
  deviceKeyFile?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** Origins allowed to change data: PUBLIC_URL's, plus the loopback names when it was not set. */
  trustedOrigins: string[];
  adminEmail: string;
  adminPassword?: string;
  /** Secret that signs session cookies; generated and kept in DATA_DIR when not given. */
  authSecret?: string;
  /**
   * Behind reverse proxies: who may say the client's address in X-Forwarded-For. false: nobody;
   * a number: that many proxies in front (1 = the one that connects to us); networks: any proxy
   * whose address is in them. (TRUST_PROXY=true reads as 1.)
   */
  trustProxy: TrustProxy;
  /** Directory of the built client (prerendered pages + assets); absent in API-only tests. */
  clientDir?: string;
  rateLimits: {
    /** Per client address (better-auth): sign-in requests, recovery requests, lead forms. */
    signIn: RateLimitRule;
    recovery: RateLimitRule;
    leads: RateLimitRule;
    /**
     * Shared by instances: wrong passwords (sign-in and the current password of 'Alterar senha')
     * per account and client address, and the ceiling per account across every address.
     */
    signInFailuresPerAccountAndAddress: RateLimitRule;
    signInFailuresPerAccount: RateLimitRule;
    /** Per address, shared by instances: recovery e-mails sent. */
    recoveryPerAddress: RateLimitRule;
    /**
     * Visitors' codes and QR codes that matched nothing (guessing), per gate (condominium and
     * user) and per client address, each counted apart per code shape (tentativas.ts).
     */
    codigosPorUsuario: RateLimitRule;
    codigosPorEndereco: RateLimitRule;
    /** E-mails a user makes the portal send (invitations, new users), per user and per authorisation. */
    emailsPorUsuario: RateLimitRule;
    emailsPorAutorizacao: RateLimitRule;
  };
  /** Lifetime of the per-instance caches (sessions and permissions, painel counts); 0 turns them off. */
  cacheTtlMs?: number;
  /** A session ends `maxAgeMs` after sign-in, or after `idleMs` without a request. */
  session: SessionLimits;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Unset: readable text in a terminal, JSON lines otherwise. */
  logFormat?: "json" | "pretty";
  databasePoolMax: number;
  /** PostgreSQL: a statement of the portal's requests runs at most this long (ms; 0 or unset: no limit). */
  databaseStatementTimeoutMs?: number;
  /** GET /metrics on this port and host (off without a port). */
  metrics?: { port: number; host: string };
  /**
   * How long one console's realtime stream lasts before its browser reconnects, which checks its
   * session again (default 60 s); 0 answers the opening and ends (the route tests).
   */
  tempoRealMaxMs?: number;
  /** How often this instance ends the commands nobody takes care of any more (default 1 s; 0: never, the route tests). */
  varreduraComandosMs?: number;
  /** How often this instance looks for devices whose people changed (default 10 s, §2.4; 0: never, the route tests). */
  varreduraSincronizacaoMs?: number;
  /** How long 'Sincronizar agora' waits for a round on a device that calls out before answering that it goes on (default 15 s; the tests shorten it). */
  esperaSincronizacaoSaidaMs?: number;
  /** The resident's notices: channels and timings (NotificacoesConfig). */
  notificacoes?: NotificacoesConfig;
}

export interface SessionLimits {
  maxAgeMs: number;
  idleMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { maxAgeMs: 12 * 60 * 60_000, idleMs: 30 * 60_000 };

export const DEFAULT_RATE_LIMITS: AppConfig["rateLimits"] = {
  signIn: { window: 60, max: 10 },
  recovery: { window: 300, max: 5 },
  leads: { window: 60, max: 5 },
  signInFailuresPerAccountAndAddress: { window: 15 * 60, max: 5 },
  signInFailuresPerAccount: { window: 15 * 60, max: 50 },
  recoveryPerAddress: { window: 60 * 60, max: 3 },
  codigosPorUsuario: { window: 15 * 60, max: 20 },
  codigosPorEndereco: { window: 15 * 60, max: 60 },
  emailsPorUsuario: { window: 60 * 60, max: 30 },
  emailsPorAutorizacao: { window: 60 * 60, max: 3 },
};

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // Running locally without PUBLIC_URL, the portal is as reachable by 127.0.0.1 as by localhost.
  const trustedOrigins = e.PUBLIC_URL ? [new URL(publicUrl).origin] : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    chainKey: e.CHAIN_KEY,
    chainKeyFile: e.CHAIN_KEY_FILE,
    checkpointDir: e.CHECKPOINT_DIR,
    deviceKey: e.DEVICE_KEY,
    deviceKeyFile: e.DEVICE_KEY_FILE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    trustedOrigins,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
    // Only for the bench to measure the sign-in: ten connections signing in as one account from
    // one address hold more password slots at once than a person may (auth/sign-in-limit.ts).
    rateLimits: e.RATE_LIMIT_SIGN_IN_MAX
      ? {
          ...DEFAULT_RATE_LIMITS,
          signIn: { ...DEFAULT_RATE_LIMITS.signIn, max: e.RATE_LIMIT_SIGN_IN_MAX },
          signInFailuresPerAccountAndAddress: { ...DEFAULT_RATE_LIMITS.signInFailuresPerAccountAndAddress, max: e.RATE_LIMIT_SIGN_IN_MAX },
          signInFailuresPerAccount: { ...DEFAULT_RATE_LIMITS.signInFailuresPerAccount, max: e.RATE_LIMIT_SIGN_IN_MAX },
        }
      : DEFAULT_RATE_LIMITS,
    cacheTtlMs: e.CACHE_TTL_MS ?? DEFAULT_CACHE_TTL_MS,
    session: { maxAgeMs: e.SESSION_MAX_AGE_MINUTES * 60_000, idleMs: Math.min(e.SESSION_IDLE_MINUTES, e.SESSION_MAX_AGE_MINUTES) * 60_000 },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    ...(e.SINCRONIZACAO_VARREDURA_MS === undefined ? {} : { varreduraSincronizacaoMs: e.SINCRONIZACAO_VARREDURA_MS }),
    notificacoes: {
      webPushSubject: e.WEB_PUSH_SUBJECT,
      whatsapp:
        e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TOKEN && e.WHATSAPP_TEMPLATE_SOLICITACAO
          ? {
              apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
              versao: e.WHATSAPP_API_VERSION,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              token: e.WHATSAPP_TOKEN,
              template: e.WHATSAPP_TEMPLATE_SOLICITACAO,
              templateEncomenda: e.WHATSAPP_TEMPLATE_ENCOMENDA,
            }
          : undefined,
      sms: e.SMS_API_TOKEN ? { apiUrl: e.SMS_API_URL.replace(/\/$/, ""), token: e.SMS_API_TOKEN, from: e.SMS_FROM } : undefined,
      email: Boolean(e.SMTP_URL),
    },
  };
}

/** Who may say the client's address: nobody, the nearest N proxies, or proxies in these networks. */
export type TrustProxy = false | number | string[];

/** An address or a network in CIDR notation (IPv4 or IPv6). */
function redeValida(rede: string): boolean {
  const [endereco, prefixo, ...resto] = rede.split("/");
  if (resto.length || !endereco) return false;
  const versao = isIP(endereco);
  if (!versao) return false;
  if (prefixo === undefined) return true;
  if (!/^\d{1,3}$/.test(prefixo)) return false;
  return Number(prefixo) <= (versao === 4 ? 32 : 128);
}
