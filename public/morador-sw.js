// The Área do Morador's service worker (gate-operation-spec §3.2, §3.4; docs/decisions/0277).
// Scope /morador: it keeps the app shell (the SPA's HTML, its scripts, styles and icons) so the
// installed app opens without a network, shows the portal's Web Push notices and opens their
// page when tapped. Navigations go to the network first and fall back to the kept shell; the API
// (/api/) is never kept: accounts and records are not left on the phone.
/* global self, caches */

const VERSAO = "morador-v1";
/** The SPA shell: every /morador page is the same HTML (the server's SPA fallback). */
const SHELL = "/morador";
const ESSENCIAIS = [SHELL, "/morador.webmanifest", "/icones/morador-192.png", "/icones/morador-512.png", "/icones/morador.svg"];

const mesmaOrigem = (url) => url.origin === self.location.origin;
const guardavel = (url) => mesmaOrigem(url) && !url.pathname.startsWith("/api/") && url.pathname !== "/api";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSAO)
      .then((cache) => cache.addAll(ESSENCIAIS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((nomes) => Promise.all(nomes.filter((nome) => nome.startsWith("morador-") && nome !== VERSAO).map((nome) => caches.delete(nome))))
      .then(() => self.clients.claim()),
  );
});

// The page tells what it loaded before this worker controlled it (its scripts, styles, icons):
// kept, so the first offline open has them.
self.addEventListener("message", (event) => {
  const dados = event.data;
  if (!dados || dados.tipo !== "guardar" || !Array.isArray(dados.urls)) return;
  const urls = dados.urls
    .filter((u) => typeof u === "string")
    .map((u) => new URL(u, self.location.origin))
    .filter(guardavel)
    .map((u) => u.pathname + u.search);
  event.waitUntil(
    caches.open(VERSAO).then((cache) =>
      Promise.all(
        urls.map((u) =>
          cache.match(u).then(
            (ja) =>
              ja ??
              fetch(u)
                .then((r) => (r.ok ? cache.put(u, r) : undefined))
                .catch(() => undefined),
          ),
        ),
      ),
    ),
  );
});

async function navegacao(request) {
  const cache = await caches.open(VERSAO);
  try {
    const resposta = await fetch(request);
    // The shell is the same for every page of the area: the newest one is kept.
    if (resposta.ok && resposta.headers.get("content-type")?.startsWith("text/html")) await cache.put(SHELL, resposta.clone());
    return resposta;
  } catch (erro) {
    const guardada = await cache.match(SHELL);
    if (guardada) return guardada;
    throw erro;
  }
}

async function recurso(event, url) {
  const { request } = event;
  const cache = await caches.open(VERSAO);
  const guardada = await cache.match(request);
  // Hashed build files never change: the kept copy is the file.
  if (guardada && url.pathname.startsWith("/assets/")) return guardada;
  const daRede = fetch(request)
    .then(async (resposta) => {
      if (resposta.ok) await cache.put(request, resposta.clone());
      return resposta;
    })
    .catch(() => undefined);
  // Icons and the manifest: the kept copy at once, refreshed behind it.
  if (guardada) {
    event.waitUntil(daRede);
    return guardada;
  }
  const resposta = await daRede;
  return resposta ?? Response.error();
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!guardavel(url)) return;
  if (request.mode === "navigate") event.respondWith(navegacao(request));
  else event.respondWith(recurso(event, url));
});

// A notice from the portal (modules/notificacoes): `{ title, body, url, tag }`.
self.addEventListener("push", (event) => {
  let dados;
  try {
    dados = event.data ? event.data.json() : {};
  } catch {
    dados = { body: event.data ? event.data.text() : "" };
  }
  if (!dados || typeof dados !== "object") dados = {};
  const titulo = typeof dados.title === "string" && dados.title ? dados.title : "Área do Morador";
  event.waitUntil(
    self.registration.showNotification(titulo, {
      body: typeof dados.body === "string" ? dados.body : "",
      tag: typeof dados.tag === "string" ? dados.tag : undefined,
      icon: "/icones/morador-192.png",
      badge: "/icones/morador-192.png",
      lang: "pt-BR",
      data: { url: typeof dados.url === "string" ? dados.url : SHELL },
    }),
  );
});

// Tapped: the notice's page, in the open window of the app if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let destino = new URL(SHELL, self.location.origin);
  try {
    const pedido = new URL(event.notification.data?.url ?? SHELL, self.location.origin);
    if (mesmaOrigem(pedido)) destino = pedido;
  } catch {
    // A malformed url: the area's home.
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (janelas) => {
      const mesma = janelas.find((j) => j.url === destino.href);
      if (mesma) return mesma.focus();
      const doApp = janelas.find((j) => new URL(j.url).pathname.startsWith(SHELL));
      if (doApp) {
        const focada = await doApp.focus();
        return focada.navigate(destino.href).catch(() => self.clients.openWindow(destino.href));
      }
      return self.clients.openWindow(destino.href);
    }),
  );
});
