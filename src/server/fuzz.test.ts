import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "@shared/schemas/cursor";
import { Fixtures, nextSeq } from "./testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, moradorDaAmostra, request, signIn, TEST_ORIGIN, testConfig, errorWithoutRequestId } from "./testing/harness";
import { cursorKeyShapes, fieldsOf, storedTextFields, textLimits, type FieldShape } from "./testing/route-fields";
import {
  HOSTILE_TEXT,
  text,
  overMax,
  withNul,
  loneSurrogate,
  badString,
  notString,
  invalidDate,
  notWord,
  notUuid,
  unknownUuid,
  FORMATTED_FIELDS,
} from "./testing/fuzz-values";
import { apiRoutes, routeKey, routeTableProblems, sampleCall, type RouteEntry } from "./testing/route-matrix";

// Random and hostile input on every write route and every list query string, as an
// administrator: a bad request gets a 4xx in the error shape and changes nothing; good text is
// stored and read back exactly. Routes, body fields and query parameters come from the app's
// own route table, and each field's values from the route's zod schemas: a new route fails
// "covers..." below until its declaration (route-contract.ts) is whole.
//
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run --project api
// src/server/fuzz.test.ts. FUZZ_SCALE=10 runs ten times as many cases.

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_260_611;
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const options = (numRuns: number) => ({ seed: SEED, numRuns: Math.max(1, Math.round(numRuns * SCALE)) });

// The reset-link check is limited like the recovery routes (5 in 5 minutes): not for this many calls.
const t = await createTestApp({ rateLimits: { ...testConfig().rateLimits, recovery: { window: 60, max: 10_000 } } });
afterAll(() => t.close());

let admin: string;
/** The samples' resident: the Área do Morador's routes (access 'morador') are called as them. */
let morador: string;
let shared: Fixtures;
/** The query parameters of each GET route's sample (records that must exist, such as the gate's condominium), by route. */
const sampledQuery = new Map<RouteEntry, URLSearchParams>();

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  morador = (await moradorDaAmostra(t)).cookie;
  shared = new Fixtures(t, admin);
  for (const route of t.routes.filter((r) => r.method === "GET" && r.config.sample?.path))
    sampledQuery.set(route, new URL(await route.config.sample!.path!(shared), "http://portal").searchParams);
});

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

async function getJson(url: string) {
  const response = await request(t, "GET", url, { cookie: admin });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Out of an integer field's range, or not a whole number (in range, a number as a string is a form's input: valid). */
const notInRange = (field: FieldShape) => {
  const [min, max] = [field.minimum ?? -1e9, field.maximum ?? 1e9];
  return fc.oneof(
    fc.integer({ max: min - 1 }),
    fc.integer({ min: max + 1 }),
    fc.constantFrom(1.5, "abc", "5.5", String(min - 1), String(max + 1), true, {}, [], ...(field.nullable ? [] : [null])),
  );
};

/** Values of a query parameter: accepted ones and refused ones. */
type ParamValues = { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<string> };

/** A period's ends (the access records' and the visitors' filters): 'de' before 2010, 'ate' after, so that any two are in order. */
const PERIOD: Record<string, ParamValues> = {
  de: {
    valid: fc.date({ min: new Date("1990-01-01"), max: new Date("2009-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    invalid: invalidDate,
  },
  ate: {
    valid: fc.date({ min: new Date("2010-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    invalid: invalidDate,
  },
};
/** Not a whole number; "", " " and "-0" read as 0, refused only where 0 is. */
const NOT_INTEGER = ["1.5", "0.5", "abc", "x", "1e400", "99999999999999999999999", "Infinity", "NaN", "10'; drop table x;--", "<b>1</b>"];

/** A query parameter's values, from its schema; `sampled`: its value in the route's sample (a record that must exist). */
function paramValues(param: string, field: FieldShape, sampled: string | undefined): ParamValues | undefined {
  if (PERIOD[param]) return PERIOD[param];
  const words = field.words ?? [];
  if (field.required && sampled !== undefined) return { valid: fc.constant(sampled), invalid: field.uuid ? notUuid : notWord([sampled]) };
  if (field.uuid) return { valid: fc.oneof(...words.map((w) => fc.constant(w)), unknownUuid), invalid: notUuid.filter((v) => !words.includes(v)) };
  if (words.length) return { valid: fc.constantFrom(...words), invalid: notWord(words) };
  if (field.type === "integer" && field.minimum !== undefined && field.maximum !== undefined) {
    const { minimum: min, maximum: max } = field;
    return {
      valid: fc.integer({ min, max: Math.min(max, min + 5000) }).map(String),
      invalid: fc.oneof(
        fc.integer({ max: min - 1 }).map(String),
        fc.integer({ min: max + 1 }).map(String),
        fc.constantFrom(...NOT_INTEGER, ...(min > 0 ? ["", " ", "-0"] : [])),
      ),
    };
  }
  if (field.type === "string" && field.maxLength !== undefined && !field.pattern)
    return { valid: fc.oneof(fc.constant(""), text(field.maxLength)), invalid: fc.oneof(overMax(field.maxLength), withNul) };
  return undefined;
}

/**
 * The `after` cursor of a list, made from its sort key (the list's ORDER BY, cursor.ts), as the
 * `next` the list hands out. A position between or beyond the rows is valid (an empty page).
 */
const keyText = (max: number) => fc.oneof(fc.constant(""), text(max));
/** An instant of a sort key: ISO 8601 to the microsecond. */
const keyInstant = fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().replace("Z", "123Z"));
function cursorValues(route: RouteEntry): ParamValues | undefined {
  const elements = cursorKeyShapes(route)?.map((element) =>
    element.uuid
      ? unknownUuid
      : element.pattern
        ? keyInstant
        : element.maxLength !== undefined
          ? keyText(Math.min(element.maxLength, 200))
          : // A whole-number term (the book's 'open first': 1 or 0).
            element.type === "integer"
            ? fc.integer({ min: element.minimum ?? -1000, max: element.maximum ?? 1000 })
            : undefined,
  );
  if (!elements || elements.some((element) => !element)) return undefined;
  return { valid: fc.tuple(...(elements as fc.Arbitrary<string | number>[])).map((values) => encodeCursor(values)), invalid: badCursor };
}

/** Cursors no list accepts: not base64url JSON, or a key of the wrong shape, types or values. */
const badCursor = fc.oneof(
  fc.constantFrom("", " ", "=", "a", "abcde", "WyJhIl0=", "W10", "%", "null", '["a"]', "eyJhIjoxfQ", "____", "-_-_-", "\u0000"),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /[^A-Za-z0-9_-]/.test(s)),
  fc
    .oneof(
      fc.jsonValue().filter((v) => !Array.isArray(v)),
      fc.constantFrom<unknown[]>([], ["a"], [1, "x"], ["a", "b", "c", "d", "e"]),
      fc.tuple(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant({})), unknownUuid),
      fc.tuple(text(20), fc.oneof(notUuid, fc.integer(), fc.constant(null))),
      fc.tuple(text(20), text(20), notUuid),
      fc.tuple(fc.oneof(withNul, loneSurrogate, fc.constant("a".repeat(1001))), unknownUuid),
      fc.tuple(fc.oneof(withNul, loneSurrogate), text(20), unknownUuid),
    )
    .map((key) => encodeCursor(key as unknown[])),
  fc.string({ minLength: 4100, maxLength: 4200, unit: fc.constantFrom("A", "b", "-") }),
);

// ---------------------------------------------------------------------------------------------
// Routes and calls
// ---------------------------------------------------------------------------------------------

const api = apiRoutes(t.routes);
// better-auth's endpoints have their own test below (a wrong password counts a failure: not "unchanged").
const writeRoutes = t.routes.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/auth/") && r.method !== "GET");
const bodyRoutes = writeRoutes.filter((r) => r.body.length > 0);
const paramRoutes = api.filter((r) => r.url.includes(":"));
const listRoutes = api.filter((r) => r.method === "GET" && r.query.length > 0);
const cases = (routes: RouteEntry[]) => routes.map((r) => [routeKey(r), r] as const);
/** The generators of one query parameter of a route, from its schema (a cursor's, from the list's sort key). */
const queryParam = (route: RouteEntry, param: string) => {
  if (param === "after") return cursorValues(route);
  const field = fieldsOf(route.schema.querystring)[param];
  return field && paramValues(param, field, sampledQuery.get(route)?.get(param) ?? undefined);
};
/** A body field's generators: from its schema, and from FORMATTED_FIELDS for a field with a format of its own. */
const formattedField = (field: string): fc.Arbitrary<unknown> | undefined => FORMATTED_FIELDS[field];
const hasGenerator = (field: string, shape: FieldShape) =>
  !!formattedField(field) ||
  shape.type === "boolean" ||
  shape.type === "integer" ||
  (shape.type === "array" && !!shape.items?.uuid) ||
  (shape.type === "string" && (shape.maxLength !== undefined || !!shape.words || !!shape.uuid));

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function sampled(route: RouteEntry, fixtures: Fixtures) {
  const { url, payload } = await sampleCall(route, fixtures);
  return { url, body: (payload ?? {}) as Record<string, unknown> };
}

/** Whether a concrete path is one of a route's (`:param` segments match any segment). */
const pathOf = (route: string, path: string) => new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+")}$`).test(path);

/** Who calls `url`: the resident on the Área do Morador's routes, else the administrator. */
const cookieFor = (method: Method, url: string) => {
  const path = url.split("?")[0]!;
  return t.routes.some((r) => r.method === method && r.config.access === "morador" && pathOf(r.url, path)) ? morador : admin;
};

/** A list route's concrete path: its own, or its sample's when it takes path parameters (the resident's unit). */
const listPath = async (route: RouteEntry) => (route.url.includes(":") ? (await sampled(route, shared)).url.split("?")[0]! : route.url);

function send(method: Method, url: string, payload?: unknown) {
  return request(t, method, url, { cookie: cookieFor(method, url), payload });
}

function sendRaw(method: Method, url: string, payload: Buffer | string, contentType = "application/json") {
  return t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: cookieFor(method, url), "content-type": contentType }, payload });
}

/** Words of zod's English messages ("Too big: expected string to have <=5000 characters"). */
const ENGLISH = /\b(invalid|expected|received|too (big|small)|required|must|should|characters?|string|number|input|option|unrecognized)\b/i;

/** A 4xx whose body is the error shape and nothing else, in Portuguese. */
function expectRefusal(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, context).toBeLessThan(500);
  const body = response.json();
  expect(Object.keys(body), context).toEqual(["error"]);
  const { code, title, message, fields, request_id, ...rest } = body.error;
  expect(rest, context).toEqual({});
  expect(request_id, context).toBe(response.headers["x-request-id"]);
  for (const value of [code, title, message]) expect(typeof value, context).toBe("string");
  if (fields !== undefined) for (const value of Object.values(fields)) expect(typeof value, context).toBe("string");
  for (const text of [title, message, ...Object.values(fields ?? {})]) expect(text, context).not.toMatch(ENGLISH);
}

/** Runs `call` and checks that it was refused and left every table as it was. */
async function expectRefusedUnchanged(what: string, call: () => Promise<LightMyRequestResponse>) {
  const before = await databaseSnapshot(t);
  expectRefusal(await call(), what);
  expect(await databaseSnapshot(t), `${what}: a refused request changed the database`).toStrictEqual(before);
}

const show = (value: unknown) => {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 200)}… (${json.length} chars)` : json;
};

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe("fuzzing covers the route table", () => {
  it("has a generator for every write route, body field and list query parameter", () => {
    // Every route's declaration is whole: its sample, and how the text it stores is read back.
    expect(routeTableProblems(t.routes)).toEqual([]);
    const problems: string[] = [];
    for (const route of bodyRoutes) {
      for (const [field, shape] of Object.entries(fieldsOf(route.schema.body)))
        if (!hasGenerator(field, shape))
          problems.push(`${routeKey(route)}: no generator for body field "${field}": a type its schema states, or its values in FORMATTED_FIELDS`);
    }
    for (const route of listRoutes) {
      for (const param of route.query) if (!queryParam(route, param)) problems.push(`${routeKey(route)}: no generator for query parameter "${param}"`);
    }
    expect(problems).toEqual([]);
    expect(bodyRoutes.length).toBeGreaterThan(15);
    expect(listRoutes.length).toBeGreaterThanOrEqual(5);
  });
});

describe("invalid bodies are refused and change nothing", () => {
  /** One field made invalid (wrong type, bad text, too long, out of its domain), the others left valid. */
  function invalidValue(route: RouteEntry, field: string): fc.Arbitrary<unknown> {
    const shape = fieldsOf(route.schema.body)[field]!;
    const max = textLimits(route)[field];
    const specific = [
      formattedField(field),
      shape.words ? notWord(shape.words) : undefined,
      shape.uuid ? fc.oneof(notUuid, unknownUuid) : undefined,
      max !== undefined ? overMax(max) : undefined,
    ].filter((a): a is fc.Arbitrary<unknown> => !!a);
    switch (shape.type === "array" && shape.items?.uuid ? "uuids" : shape.type) {
      case "boolean":
        return fc.oneof(
          fc.constantFrom("true", "false", 1, 0, null, "sim"),
          badString,
          notString.filter((v) => typeof v !== "boolean"),
        );
      case "integer":
        // Numbers in their range are valid, strings of them too (a form's input): only the field's own refusals.
        return fc.oneof(
          notInRange(shape),
          ...specific,
          badString.filter((v) => !/^\s*\d{1,2}\s*$/.test(String(v))),
        );
      case "uuids":
        return fc.oneof(
          fc.constantFrom(null, "", {}, 1),
          badString,
          fc.array(fc.oneof(notUuid, badString, notString), { minLength: 1, maxLength: 3 }),
          fc.array(unknownUuid, { minLength: 1, maxLength: 3 }),
          fc.constant(Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`)),
        );
      default:
        return fc.oneof(badString, notString, ...specific);
    }
  }

  const unknownFields = fc.dictionary(fc.stringMatching(/^x_[a-z]{1,8}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

  it.each(cases(bodyRoutes))("%s", async (key, route) => {
    const { url, body } = await sampled(route, shared);
    const textFields = storedTextFields(route);
    const invalid = fc.constantFrom(...route.body).chain((field) =>
      fc.record({
        field: fc.constant(field),
        value: invalidValue(route, field),
        extra: unknownFields,
        // Hostile but valid text in some of the other text fields.
        filler: fc
          .subarray(textFields.filter((f) => f !== field))
          .chain((fields) =>
            fc.tuple(...fields.map(() => fc.constantFrom(...HOSTILE_TEXT))).map((values) => Object.fromEntries(fields.map((f, i) => [f, values[i]]))),
          ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(invalid, async ({ field, value, extra, filler }) => {
        const payload = { ...body, ...extra, ...filler, [field]: value };
        await expectRefusedUnchanged(`${key} with ${field} = ${show(value)}`, () => send(route.method as Method, url, payload));
      }),
      options(8),
    );
  });
});

describe("malformed raw bodies are refused and change nothing", () => {
  const BAD_UTF8 = [
    [0xff],
    [0xfe, 0xff],
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xed, 0xbf, 0xbf],
    [0xf4, 0x90, 0x80, 0x80],
    [0xc3],
    [0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0xe2, 0x82],
  ];
  const badBytes = fc.oneof(
    fc.constantFrom(...BAD_UTF8).map((b) => Buffer.from(b)),
    fc
      .uint8Array({ minLength: 1, maxLength: 8 })
      .map((b) => Buffer.from(b))
      .filter((b) => {
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(b);
          return false;
        } catch {
          return true;
        }
      }),
  );
  const MARK = "\uE000MARCA\uE000";

  it.each(cases(bodyRoutes))("%s", async (key, route) => {
    const { url, body } = await sampled(route, shared);
    // The valid body with one string field's text replaced by MARK, where the bad part goes.
    const stringFields = Object.keys(body).filter((f) => typeof body[f] === "string");
    const valid = JSON.stringify(body);
    // A body without text fields (a yes/no) has no text to spoil: the other malformations only.
    const noTexto = stringFields.length
      ? [
          fc.tuple(fc.constantFrom(...stringFields), badBytes).map(([f, bytes]) => {
            const [before, after] = JSON.stringify({ ...body, [f]: MARK }).split(MARK) as [string, string];
            return Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]);
          }),
          fc
            .tuple(fc.constantFrom(...stringFields), fc.constantFrom("\\ud800", "\\udfff", "x\\udc00y", "\\u0000", "a\\u0000"))
            .map(([f, escape]) => JSON.stringify({ ...body, [f]: MARK }).replace(MARK, escape)),
        ]
      : [];
    const raw = fc.oneof(
      ...noTexto,
      fc.integer({ min: 0, max: valid.length - 1 }).map((n) => valid.slice(0, n)),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.constantFrom("", "null", "[]", '"texto"', "{", "{}}"),
      // The valid body with a prototype-poisoning key: refused whole, not applied or dropped.
      fc.constantFrom(`{"__proto__":{"admin":true},`, `{"constructor":{"prototype":{"admin":true}},`).map((poison) => valid.replace(/^\{/, poison)),
      fc.integer({ min: 1000, max: 20_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
      fc.constant(`{"x":"${"a".repeat(300 * 1024)}"}`),
    );
    await fc.assert(
      fc.asyncProperty(raw, async (payload) => {
        await expectRefusedUnchanged(`${key} with raw body ${show(payload.toString())}`, () => sendRaw(route.method as Method, url, payload));
      }),
      options(6),
    );
    // A body in a type the API does not speak.
    await expectRefusedUnchanged(`${key} as a form`, () =>
      sendRaw(route.method as Method, url, new URLSearchParams(body as Record<string, string>).toString(), "application/x-www-form-urlencoded"),
    );
  });

  it("sign-in and password recovery refuse hostile bodies", async () => {
    const field = fc.oneof(badString, notString, fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/auth/sign-in/email", "/api/auth/request-password-reset"), field, field, async (url, email, password) => {
        await expectRefusedUnchanged(`POST ${url} with ${show({ email, password })}`, () => send("POST", url, { email, password }));
      }),
      options(12),
    );
    await fc.assert(
      fc.asyncProperty(badBytes, async (bytes) => {
        const payload = Buffer.concat([Buffer.from(`{"email":"admin`), bytes, Buffer.from(`@teste.local","password":"x"}`)]);
        await expectRefusedUnchanged("sign-in (POST /api/auth/sign-in/email) with invalid UTF-8", () => sendRaw("POST", "/api/auth/sign-in/email", payload));
      }),
      options(4),
    );
    await fc.assert(
      fc.asyncProperty(field, field, async (newPassword, token) => {
        await expectRefusedUnchanged(`POST /api/auth/reset-password with ${show({ newPassword, token })}`, () =>
          send("POST", "/api/auth/reset-password", { newPassword, token }),
        );
      }),
      options(8),
    );
  });
});

describe("invalid path parameters are refused and change nothing", () => {
  const segment = fc.oneof(
    unknownUuid.map(encodeURIComponent),
    notUuid.map(encodeURIComponent),
    fc.constantFrom("%00", "abc%00", "%E0%A4%A", "%", "%zz", "%ED%A0%80", "%C0%AF", "..%2F..%2Fusuarios", "%20", "null", "undefined"),
    fc.integer({ min: 101, max: 4000 }).map((n) => "a".repeat(n)),
    text(30).map(encodeURIComponent),
  );

  it.each(cases(paramRoutes))("%s", async (key, route) => {
    const { body } = await sampled(route, shared);
    await fc.assert(
      fc.asyncProperty(segment, async (id) => {
        const url = route.url.replace(/:[a-z_]+/g, id);
        await expectRefusedUnchanged(`${route.method} ${url}`, () =>
          send(route.method as Method, url, route.method === "GET" || route.method === "DELETE" ? undefined : body),
        );
      }),
      options(6),
    );
  });
});

describe("list query strings", () => {
  const encode = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  // `after` with an `offset` other than 0 is refused (two starting points): a valid query has one.
  const validQuery = (route: RouteEntry) =>
    (
      fc.record(Object.fromEntries(route.query.map((p) => [p, queryParam(route, p)!.valid])), {
        requiredKeys: route.query.filter((p) => fieldsOf(route.schema.querystring)[p]?.required),
      }) as fc.Arbitrary<Record<string, string>>
    ).map((params) => (params.after !== undefined && Number(params.offset ?? 0) !== 0 ? { ...params, offset: "0" } : params));

  it.each(cases(listRoutes))("%s refuses an invalid parameter and changes nothing", async (key, route) => {
    const invalid = fc
      .record({
        valid: validQuery(route),
        param: fc.constantFrom(...route.query),
        how: fc.constantFrom("value", "value", "repeated", "nul"),
      })
      .chain(({ valid, param, how }) =>
        (how === "value" ? queryParam(route, param)!.invalid : queryParam(route, param)!.valid).map((value) => {
          const pairs = Object.entries({ ...valid, [param]: how === "nul" ? `${value}\u0000` : value });
          if (how === "repeated") pairs.push([param, value]);
          return encode(pairs);
        }),
      );
    const path = await listPath(route);
    await fc.assert(
      fc.asyncProperty(invalid, async (query) => {
        await expectRefusedUnchanged(`GET ${path}?${query}`, () => send("GET", `${path}?${query}`));
      }),
      options(10),
    );
  });

  it.each(cases(listRoutes))("%s answers any valid query with 200 (and a page, for a list)", async (key, route) => {
    const query = fc.tuple(validQuery(route), fc.dictionary(fc.stringMatching(/^x_[a-z]{1,6}$/), fc.string({ maxLength: 20 }), { maxKeys: 2 }));
    const path = await listPath(route);
    await fc.assert(
      fc.asyncProperty(query, async ([params, extra]) => {
        const url = `${path}?${encode(Object.entries({ ...params, ...extra }))}`;
        const response = await send("GET", url);
        expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
        // A download (the access records' CSV) is not a page.
        if (!String(response.headers["content-type"]).startsWith("application/json")) return;
        const page = response.json();
        if (!("rows" in page)) return;
        expect(Array.isArray(page.rows), url).toBe(true);
        expect(Number.isInteger(page.total), url).toBe(true);
        expect(page.rows.length, url).toBeLessThanOrEqual(Number(params.limit ?? 50));
      }),
      options(8),
    );
  });

  it("no GET route answers garbage query strings with a 5xx", async () => {
    const gets = api.filter((r) => r.method === "GET" && !r.url.includes(":"));
    const garbage = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }).map(encodeURIComponent),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "%",
        "%%",
        "%E0%A4%A",
        "a=%00",
        "limit[]=1",
        "q[a]=1",
        "=&=&",
        "&&&",
        "a=1&a=2&a=3",
        "q=%ED%A0%80",
        "__proto__=1",
        "constructor[prototype]=1",
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), garbage, async (route, query) => {
        const response = await send("GET", `${route.url}?${query}`);
        expect(response.statusCode, `GET ${route.url}?${query}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectRefusal(response, `GET ${route.url}?${query}`);
      }),
      options(30),
    );
  });
});

describe("text is stored and read back exactly", () => {
  const massAssignment = {
    id: "11111111-1111-4111-8111-111111111111",
    created_at: "2000-01-01T00:00:00.000Z",
    updated_at: "2000-01-01T00:00:00.000Z",
    auth_user_id: "invasor",
    primeiro_acesso_concluido: true,
    status: "bloqueado",
    permissions: ["gerenciar_grupos_permissoes"],
    role: "admin",
  };
  const storing = bodyRoutes.filter((r) => storedTextFields(r).length > 0);
  // Each user created hashes a password: fewer runs.
  const runsFor = (key: string) => (key.includes("/api/usuarios") ? 3 : 6);

  it.each(cases(storing))("%s", async (key, route) => {
    const spec = route.config.storesText!;
    const limits = textLimits(route);
    const texts = fc.record(Object.fromEntries(Object.entries(limits).map(([field, max]) => [field, text(spec.unique?.includes(field) ? max - 12 : max)])));
    await fc.assert(
      fc.asyncProperty(texts, fc.subarray(Object.keys(massAssignment)), async (values, injected) => {
        // A fresh target per run: edits never collide, and unit numbers stay unique per condominium.
        const { url, body } = await sampled(route, new Fixtures(t, admin));
        const sent: Record<string, string> = { ...values };
        for (const field of spec.unique ?? []) sent[field] = `${values[field]} #${nextSeq()}`;
        const extra = Object.fromEntries(injected.filter((k) => !route.body.includes(k)).map((k) => [k, massAssignment[k as keyof typeof massAssignment]]));
        // Fields the route does not declare are refused as a whole, and nothing is written.
        if (Object.keys(extra).length) {
          const before = await databaseSnapshot(t);
          const refused = await send(route.method as Method, url, { ...body, ...extra, ...sent });
          expectRefusal(refused, `${key} with ${show(extra)}`);
          expect(refused.json().error.code).toBe("UNKNOWN_FIELD");
          expect(Object.keys(refused.json().error.fields).sort()).toEqual(Object.keys(extra).sort());
          expect(await databaseSnapshot(t), `${key}: a refused request changed the database`).toStrictEqual(before);
        }
        const response = await send(route.method as Method, url, { ...body, ...sent });
        expect(response.statusCode, `${key} with ${show(sent)}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
        const stored = await spec.readBack(response.json(), getJson);
        for (const [field, value] of Object.entries(sent)) expect(stored[field], `${key}: ${field} read back`).toBe(value);
      }),
      options(runsFor(key)),
    );
  });
});

describe("text the database would not store exactly", () => {
  const refusedText = { code: "INVALID_TEXT", title: "Dados inválidos", message: "O texto contém caracteres inválidos." };

  it("is refused with the field named, in the body, the query and the path", async () => {
    const body = await send("POST", "/api/condominios", { nome: "Residencial\u0000Sul" });
    expect(body.statusCode).toBe(400);
    expect(errorWithoutRequestId(body)).toStrictEqual({ error: { ...refusedText, fields: { nome: refusedText.message } } });

    const nested = await send("POST", "/api/grupos", { nome_grupo: "Grupo", permissao_ids: ["\ud800"] });
    expect(nested.json().error.fields).toStrictEqual({ "permissao_ids.0": refusedText.message });

    const query = await send("GET", "/api/condominios?q=a%00b");
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toStrictEqual({ q: refusedText.message });

    const path = await send("GET", "/api/condominios/%00");
    expect(path.statusCode).toBe(400);
    expect(path.json().error.fields).toStrictEqual({ id: refusedText.message });
  });

  it("refuses a JSON body that is not UTF-8 instead of storing U+FFFD", async () => {
    const before = await databaseSnapshot(t);
    const response = await sendRaw("POST", "/api/condominios", Buffer.concat([Buffer.from('{"nome":"Residencial '), Buffer.from([0xe7]), Buffer.from('"}')]));
    expect(response.statusCode).toBe(400);
    expect(errorWithoutRequestId(response)).toStrictEqual({
      error: { code: "INVALID_ENCODING", title: "Dados inválidos", message: "O conteúdo enviado não é um texto UTF-8 válido." },
    });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // The same text correctly encoded is stored as sent.
    const ok = await send("POST", "/api/condominios", { nome: "Residencial ç \u{1F3E0}" });
    expect(ok.statusCode).toBe(201);
    expect((await getJson(`/api/condominios/${ok.json().id}`)).nome).toBe("Residencial ç \u{1F3E0}");
  });
});
