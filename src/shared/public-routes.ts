// Paths rendered to static HTML at build time. "/404" renders the not-found route so the
// server can answer unknown paths with a real 404 page.
export const PUBLIC_PAGE_PATHS = ["/", "/servicos", "/sobre", "/contato", "/leads", "/login", "/politica-de-privacidade", "/termos-de-uso"] as const;

export const NOT_FOUND_PAGE_PATH = "/404";

export const PRERENDERED_PATHS = [...PUBLIC_PAGE_PATHS, NOT_FOUND_PAGE_PATH] as const;

/** The prerendered pages that hydrate at load (the staff door); the others wait for first use (decision 0009). */
export const HYDRATED_AT_LOAD_PATHS: readonly string[] = ["/login"];

/** A prerendered path's HTML file under the client build directory. */
export function prerenderedHtmlFile(path: string): string {
  return path === "/" ? "index.html" : `${path.replace(/^\//, "")}/index.html`;
}

// Prefixes of the single-page application: the server answers them with the SPA shell. The
// Área do Morador (gate-operation-spec §3) is one of them, its public invitation page included.
export const SPA_PREFIXES = ["/dashboard", "/portaria-web", "/morador"] as const;

// localStorage key of "this browser signed in before": public pages then load the session at
// once (the signed-in bar) instead of waiting for the visitor's first use (decision 0009).
export const SESSION_HINT_KEY = "portal.sessao";
