// Budgets shared by `npm run lighthouse` and the browser tests (tests/e2e/public-site.test.ts).
// KB = 1024 bytes, compressed as served, response headers included.

/** JavaScript the home page may transfer as it loads (it hydrates on first use: decision 0009). */
export const HOME_JS_MAX_KB = 100;

/** JavaScript the home page may transfer in all once the visitor uses it (React, React Router, its code). */
export const HOME_JS_INTERACTIVE_MAX_KB = 125;
