import type { FastifyContextConfig } from "fastify";

// What a route says about itself beside its handler (its `config`), besides who may call it
// (`access`, auth/guard.ts): what it does, for the OpenAPI document; what a user of another
// condominium gets from it; one valid call of it; how the text it stores is read back. The
// route × role matrix, the scope test and the fuzzer read these from the app's route table, so
// a new route is covered the day it is registered, and a route without them fails those suites
// (src/server/testing/route-matrix.ts, routeTableProblems).

/** A record a sample made through the API: its id and whatever else the API answered. */
export type SampleRecord = { id: string; [field: string]: unknown };

/**
 * Records a sample may ask for, made through the API on first use (src/server/testing/fixtures.ts
 * implements it). A sample that uses up its target (edit, delete) gets a new set.
 */
export interface SampleRecords {
  condominio(): Promise<SampleRecord>;
  unidade(): Promise<SampleRecord>;
  morador(): Promise<SampleRecord>;
  /** A new resident of the unit on every call (an entry at the gate uses one up: they are then inside). */
  novoMorador(): Promise<SampleRecord>;
  veiculo(): Promise<SampleRecord>;
  prestador(): Promise<SampleRecord>;
  bloqueio(): Promise<SampleRecord>;
  autorizacao(): Promise<SampleRecord>;
  registro(): Promise<SampleRecord>;
  usuario(): Promise<SampleRecord>;
  grupo(): Promise<SampleRecord>;
  permissao(): Promise<SampleRecord>;
  /** A new record made by POST `url` with `body` as an administrator (a module's own records). */
  criar(url: string, body: object): Promise<SampleRecord>;
  /** A password-reset link's token that still works. */
  resetToken(): Promise<string>;
  /**
   * The resident the samples act as on the Área do Morador's routes (the matrix's and the fuzzer's
   * 'morador'): one per test app, with an active account in a unit of a condominium of its own.
   */
  moradorDaAmostra(): Promise<{ condominio_id: string; unidade_id: string; morador_id: string }>;
  /** A number no other sample of the test run has used (names and e-mails that must not repeat). */
  seq(): number;
  /** São Paulo's date (YYYY-MM-DD) `days` from today. */
  hoje(days?: number): string;
}

/** One valid call of a route: the allowed caller gets a 2xx with it. */
export interface RouteSample {
  /** The concrete path, with the route's parameters (and required query) taken from the records. */
  path?: (f: SampleRecords) => Promise<string> | string;
  /** A valid body. */
  body?: (f: SampleRecords) => Promise<object> | object;
}

/**
 * What a user holding every permission but serving one other condominium (gatehouse-spec §2) gets
 * when the sample's records lie outside their scope.
 * - "sem_escopo": not condominium-bound data (own account, groups, catalogue, public forms).
 * - "lista": answers, but with nothing of the other condominium.
 * - 404: the record is as unknown as one that does not exist. 400: a body naming the other
 *   condominium is refused as an unknown condominium. 403: needs all-condominium access.
 */
export type ScopeExpectation = "sem_escopo" | "lista" | 400 | 403 | 404;

/**
 * A write route whose free-text fields (the body's strings with a length limit and no format of
 * their own) are stored as sent: the fuzzer reads them back after a 2xx.
 */
export interface StoredText {
  /** The stored record, read back after the 2xx answer `created`; `get` is a GET as an administrator. */
  readBack: (created: SampleRecord, get: (url: string) => Promise<any>) => Promise<Record<string, unknown>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON answer
  /** Text fields that must be unique: the fuzzer appends a counter. */
  unique?: readonly string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the route does, in its users' words (the OpenAPI document; who may call it is added). */
    description?: string;
    /** Every /api route: what a user of another condominium gets (ScopeExpectation). */
    scope?: ScopeExpectation;
    /** Routes with path parameters, required query parameters or a body. */
    sample?: RouteSample;
    /** Write routes that store free text. */
    storesText?: StoredText;
    /** The allowed answer is a redirect, not a 2xx. */
    redirects?: boolean;
    /** Reads no session cookie (a device's token is its credential): no Origin is asked of its writes. */
    semCookies?: boolean;
  }
}

/** A route as the app registered it (app.ts, onRoute): what the matrix, the scope test and the fuzzer read. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The names of its query parameters and body fields. */
  query: string[];
  body: string[];
  /** The statuses its schema documents (other than 4xx/5xx). */
  responses: string[];
  config: FastifyContextConfig;
  /** Its zod schemas, as registered. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: unknown };
}
