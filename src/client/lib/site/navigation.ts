/** Spec §3 "Navigation item": name, path. */
export interface NavigationItem {
  name: string;
  path: string;
}

/** Navigation bar and footer quick links (spec §2). */
export const NAV_ITEMS: readonly NavigationItem[] = [
  { name: "Início", path: "/" },
  { name: "Serviços", path: "/servicos" },
  { name: "Sobre", path: "/sobre" },
  { name: "Contato", path: "/contato" },
];

/**
 * Pages that open with a dark hero: there the navigation bar is transparent until the page is
 * scrolled. Every other page (login, lead form, legal pages, not found) gets a solid bar.
 */
export const DARK_HERO_PATHS: ReadonlySet<string> = new Set(["/", "/servicos", "/sobre", "/contato"]);

/** "/sobre/" and "/sobre" are the same page (prerendered files are served with or without the slash). */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

export function hasDarkHero(pathname: string): boolean {
  return DARK_HERO_PATHS.has(normalizePath(pathname));
}
