// The Área do Morador is installable as a web app (gate-operation-spec §3.2): its pages, and only
// they, link the manifest (public/morador.webmanifest) and the home-screen icon. No service
// worker yet. docs/decisions/0272-area-do-morador-telas.md.
export const MORADOR_MANIFEST = "/morador.webmanifest";

/** What a /morador route's `links()` returns. */
export function moradorAppLinks() {
  return [
    { rel: "manifest", href: MORADOR_MANIFEST },
    { rel: "apple-touch-icon", href: "/icones/morador-192.png" },
  ];
}
