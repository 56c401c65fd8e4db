// The Área do Morador is installable as a web app (gate-operation-spec §3.2): its pages, and only
// they, link the manifest (public/morador.webmanifest) and the home-screen icon, and register the
// service worker (public/morador-sw.js: the shell offline, Web Push notices).
// docs/decisions/0272-area-do-morador-telas.md, docs/decisions/0277-notificacoes-do-morador.md.
export const MORADOR_MANIFEST = "/morador.webmanifest";
export const MORADOR_SW = "/morador-sw.js";
export const MORADOR_SW_ESCOPO = "/morador";

/** What a /morador route's `links()` returns. */
export function moradorAppLinks() {
  return [
    { rel: "manifest", href: MORADOR_MANIFEST },
    { rel: "apple-touch-icon", href: "/icones/morador-192.png" },
  ];
}

/** The files this page loaded from the portal (its scripts, styles, icons), none of the API. */
function recursosCarregados(): string[] {
  const origem = window.location.origin;
  return performance
    .getEntriesByType("resource")
    .map((r) => r.name)
    .filter((nome) => nome.startsWith(`${origem}/`) && !nome.startsWith(`${origem}/api/`));
}

/**
 * The registration once its worker is active. Not `navigator.serviceWorker.ready`: that waits for a
 * worker of the URL the document was created with, and a resident usually arrives from /login.
 */
function quandoAtivo(reg: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (reg.active) return Promise.resolve(reg);
  const novo = reg.installing ?? reg.waiting;
  if (!novo) return Promise.reject(new Error("service worker sem instalação"));
  return new Promise((resolve, reject) => {
    novo.addEventListener("statechange", () => {
      if (novo.state === "activated") resolve(reg);
      else if (novo.state === "redundant") reject(new Error("service worker descartado"));
    });
  });
}

let registro: Promise<ServiceWorkerRegistration> | null = null;

/**
 * Registers the Área do Morador's service worker (its pages call it once they load), then hands it
 * what the page loaded before it was in control, so the shell opens offline from the first visit.
 */
export function registrarServiceWorker(): void {
  void servicoDoMorador()?.catch((error: unknown) => console.warn("Service worker da Área do Morador não registrado:", error));
}

/** The Área do Morador's worker, registered once per page and active; null where the browser has none. */
export function servicoDoMorador(): Promise<ServiceWorkerRegistration> | null {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  registro ??= navigator.serviceWorker
    .register(MORADOR_SW, { scope: MORADOR_SW_ESCOPO })
    .then(quandoAtivo)
    .then((reg) => {
      reg.active?.postMessage({ tipo: "guardar", urls: recursosCarregados() });
      return reg;
    });
  registro.catch(() => {
    registro = null;
  });
  return registro;
}
