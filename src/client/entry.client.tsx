import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default entry, plus the two signals of the public pages' deferred hydration
// (scripts/lib/defer-hydration.mjs, decision 0009). Other pages have no bootstrap: no-ops.
declare global {
  interface Window {
    __portalHidratacao?: { iniciando(): void; pronta(): void };
  }
}

/** After the first commit: the clicks and submissions held before hydration are done again. */
function HydrationDone() {
  useEffect(() => window.__portalHidratacao?.pronta(), []);
  return null;
}

startTransition(() => {
  window.__portalHidratacao?.iniciando();
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <HydrationDone />
    </StrictMode>,
  );
});
