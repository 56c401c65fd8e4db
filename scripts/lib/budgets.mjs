// Budgets shared by `npm run lighthouse` and the browser tests (tests/e2e/public-site.test.ts).

/** JavaScript the home page may transfer (KB = 1024 bytes, compressed as served, response headers included). */
export const HOME_JS_MAX_KB = 125;
