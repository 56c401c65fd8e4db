// Paths rendered to static HTML at build time. "/404" renders the not-found route so the
// server can answer unknown paths with a real 404 page.
export const PUBLIC_PAGE_PATHS = ["/", "/servicos", "/sobre", "/contato", "/leads", "/login", "/politica-de-privacidade", "/termos-de-uso"] as const;

export const NOT_FOUND_PAGE_PATH = "/404";

export const PRERENDERED_PATHS = [...PUBLIC_PAGE_PATHS, NOT_FOUND_PAGE_PATH] as const;

// Prefixes of the single-page application: the server answers them with the SPA shell.
export const SPA_PREFIXES = ["/dashboard", "/portaria-web"] as const;

// localStorage key of "this browser signed in before": public pages then load the session at
// once (the signed-in bar) instead of waiting for the visitor's first use (decision 0009).
export const SESSION_HINT_KEY = "portal.sessao";
