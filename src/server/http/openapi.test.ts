import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { instante } from "@shared/schemas/common";
import { createTestApp, type TestApp } from "../testing/harness";
import { DOCS_PREFIX, isDocumentedUrl } from "./openapi";
import { droppedFields, responseSerializer } from "./serializer";
import { CLIENT_SCHEMA_FILE, clientSchemaSource, OPENAPI_FILE, openApiSource } from "../../../scripts/lib/api-schema";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

type Operation = {
  description?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const documented = t.routes.filter((r) => isDocumentedUrl(r.url));
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

describe("the route table", () => {
  it("every API route declares the answer of its success (its response schema)", () => {
    const without = documented.filter((r) => !r.responses.some((status) => /^2\d\d$/.test(status))).map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
    expect(documented.length).toBeGreaterThan(70);
  });
});

describe("the OpenAPI document", async () => {
  const response = await t.app.inject({ url: `${DOCS_PREFIX}/json` });
  const doc = response.json() as OpenApiDocument;

  it("is served to anyone as JSON, in OpenAPI 3.1", () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("lists every route of the table with its parameters, body and answers", () => {
    const problems: string[] = [];
    for (const route of documented) {
      const key = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: missing`);
        continue;
      }
      const params = (where: string) => (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      if (params("path").sort().join() !== pathParams(route.url).sort().join()) problems.push(`${key}: path parameters ${params("path").join()}`);
      if (params("query").sort().join() !== [...route.query].sort().join()) problems.push(`${key}: query parameters ${params("query").join()}`);
      const body = Object.keys(operation.requestBody?.content["application/json"]?.schema.properties ?? {});
      if (body.sort().join() !== [...route.body].sort().join()) problems.push(`${key}: body fields ${body.join()}`);
      for (const status of route.responses) {
        const answer = operation.responses[status];
        if (!answer) problems.push(`${key}: no answer ${status}`);
        else if (status !== "204" && !Object.values(answer.content ?? {}).some((c) => c.schema)) problems.push(`${key}: answer ${status} without a schema`);
      }
      if (!(operation.responses["4XX"]?.content?.["application/json"]?.schema as { $ref?: string } | undefined)?.$ref?.endsWith("/Erro"))
        problems.push(`${key}: errors not described by the one error shape`);
    }
    expect(problems).toEqual([]);
  });

  it("says what each route does and who may call it", () => {
    const problems = documented.flatMap((route) => {
      const key = `${route.method} ${route.url}`;
      const description = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.description ?? "";
      const own = route.config.description;
      if (!own) return [`${key}: declares no description (config: { description })`];
      return description.startsWith(own) && /Acesso: /.test(description) ? [] : [`${key}: description ${description}`];
    });
    expect(problems).toEqual([]);
    const registros = doc.paths["/api/registros"]!.get!;
    expect(registros.description).toContain("Acesso: permissão `visualizar_registros_acesso`.");
    expect(registros.security).toEqual([{ sessao: [] }]);
  });

  it("lists nothing the app does not answer", () => {
    const known = new Set(documented.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const extra = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method} ${path}`)
        .filter((op) => !known.has(op)),
    );
    expect(extra).toEqual([]);
    expect(doc.components.schemas.Erro).toBeDefined();
  });

  it("describes an answer field by field (a condominium: its columns, instants as date-time)", () => {
    const answer = doc.paths["/api/condominios/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema as {
      properties: Record<string, { type?: unknown; format?: string }>;
      required: string[];
    };
    expect(Object.keys(answer.properties)).toEqual(expect.arrayContaining(["id", "nome", "cnpj", "ativo", "retencao_anos", "created_at"]));
    expect(answer.properties.created_at).toMatchObject({ type: "string", format: "date-time" });
    expect(answer.properties.cnpj!.type).toEqual(["string", "null"]);
  });
});

describe("the client's contract", async () => {
  const document = (await t.app.inject({ url: `${DOCS_PREFIX}/json` })).json();

  // A route changed without `npm run api:generate` fails here; regenerated, the client's typecheck
  // then fails wherever it reads what changed (scripts/client-contract.test.ts proves it does).
  it("is the document committed in docs/openapi.json, and the client's types are generated from it", async () => {
    const problems: string[] = [];
    if ((await openApiSource(document)) !== readFileSync(OPENAPI_FILE, "utf8")) problems.push("docs/openapi.json");
    if ((await clientSchemaSource(document)) !== readFileSync(CLIENT_SCHEMA_FILE, "utf8")) problems.push("src/client/lib/api-schema.ts");
    expect(problems, "out of date: run `npm run api:generate` and commit what it writes").toEqual([]);
  });
});

describe("the browsable page", () => {
  it("is Swagger UI from the portal's own files, reading the document of this origin", async () => {
    const page = await t.app.inject({ url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("connect-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await t.app.inject({ url: new URL(src, `http://localhost${DOCS_PREFIX}`).pathname });
      expect(script.statusCode, src).toBe(200);
    }
    const yaml = await t.app.inject({ url: `${DOCS_PREFIX}/yaml` });
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0/);
  });
});

describe("answers are written through their schema", () => {
  const schema = z.object({ id: z.string(), criado: instante, itens: z.array(z.object({ n: z.number() })) });
  const serialize = (strict: boolean) => responseSerializer({ strict })({ schema, method: "GET", url: "/api/x", httpStatus: "200" });

  it("sends instants as ISO 8601 and only the declared fields", () => {
    const value = { id: "a", criado: new Date("2026-11-26T12:00:00Z"), itens: [{ n: 1, oculto: true }], segredo: "x" };
    expect(JSON.parse(serialize(false)(value))).toEqual({ id: "a", criado: "2026-11-26T12:00:00.000Z", itens: [{ n: 1 }] });
  });

  it("in development and tests, refuses an answer with a field its schema does not declare", () => {
    const value = { id: "a", criado: "2026-11-26T12:00:00.000Z", itens: [{ n: 1, oculto: true }] };
    expect(() => serialize(true)(value)).toThrow("does not declare itens[0].oculto");
    expect(droppedFields({ a: 1, b: undefined, c: { d: 1 } }, { a: 1, c: {} })).toEqual(["c.d"]);
  });

  it("refuses an answer whose values do not match (a 500, never a wrong body)", () => {
    expect(() => serialize(false)({ id: 1, criado: "x", itens: [] })).toThrow();
  });
});
