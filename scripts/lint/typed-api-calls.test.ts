import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import { typedApiCalls } from "./typed-api-calls.mjs";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run("typed-api-calls", typedApiCalls, {
  valid: [
    'api.GET("/api/condominios/{id}", { params: { path: { id } } });',
    'api.POST("/api/leads", { body: lead });',
    'pagedQueryOptions(queryKeys.condominiosList, "/api/condominios", filters);',
    'downloadApi("/api/registros/exportar", { params: { query } });',
    'type Page = Answer<"get", "/api/registros">;',
    'navigate("/portaria-web/condominios");',
  ],
  invalid: [
    { code: 'api("/api/condominios");', errors: [{ messageId: "url" }] },
    { code: "api.GET(`/api/condominios/${id}`);", errors: [{ messageId: "url" }] },
    { code: 'const path = "/api/visitantes";', errors: [{ messageId: "url" }] },
    { code: 'pagedQueryOptions("/api/condominios", key, filters);', errors: [{ messageId: "url" }] },
    { code: 'fetch("/healthz");', errors: [{ messageId: "fetch" }] },
    { code: "globalThis.fetch(url);", errors: [{ messageId: "fetch" }] },
  ],
});
