import { z } from "zod";

// Zod compiles object parsers with `new Function` unless told not to; under the portal's CSP
// (no 'unsafe-eval') its probe for that is refused and reported as a violation on every form.
// The interpreted parser is the same validation, only without the compiled fast path.
z.config({ jitless: true });
