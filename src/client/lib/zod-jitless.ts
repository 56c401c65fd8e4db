// Zod compiles object parsers with `new Function` unless told not to; under the portal's CSP
// (no 'unsafe-eval') its probe for that is refused and reported as a violation on every form.
// The interpreted parser is the same validation, only without the compiled fast path.
// Zod is loaded on demand on the public pages (JS budget), so the setting is written where
// zod 4 reads its global configuration (globalThis.__zod_globalConfig, kept by z.config)
// instead of importing zod here; tests/e2e/csp.test.ts fails if this stops working.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
