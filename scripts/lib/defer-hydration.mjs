// Public pages hydrate on the visitor's first sign of use (decision 0009).
//
// The prerendered HTML is the whole page: text, links, images, the skip link. React, React Router
// and the page's code (~120 KB) are needed only for what reacts: the side menu, the forms, the
// bar that turns solid on scroll, the signed-in bar. So the build takes the module preloads and
// the module script out of the public pages' HTML and puts in a small inline script that starts
// them on the first pointer move, touch, key, focus, scroll or wheel, or at once when this browser
// has signed in before (the session hint the app keeps in localStorage).
//
// A click on a button or a form submission that comes before React has taken over is held and
// done again once it has (the element is the same: hydration keeps the DOM nodes), so nothing the
// visitor does is lost. Links need no JavaScript: before hydration they load the next page.

/** Marks the module script the bootstrap starts; the browser does not run a script of this type. */
export const DEFERRED_TYPE = "text/x-hidratar-ao-usar";

/**
 * The inline bootstrap (runs in the page, as plain ES2017: it is inlined with toString, not built).
 * `api` is what the client entry calls: `iniciando` just before hydrateRoot (React's own event
 * replay takes over from there), `pronta` after the first commit (the held actions are redone).
 */
/* eslint-disable */
function bootstrap(preloads, deferredType, hintKey) {
  var w = window,
    d = document,
    started = false,
    holding = true,
    held = [];
  var intents = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel"];
  function load() {
    preloads.forEach(function (href) {
      var link = d.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      d.head.appendChild(link);
    });
    var source = d.querySelector('script[type="' + deferredType + '"]');
    var script = d.createElement("script");
    script.type = "module";
    script.textContent = source.textContent;
    d.head.appendChild(script);
  }
  function start() {
    if (started) return;
    started = true;
    intents.forEach(function (name) {
      w.removeEventListener(name, start, true);
    });
    if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", load);
    else load();
  }
  function hold(event) {
    if (!holding) return;
    var target = event.type === "submit" ? event.target : event.target.closest && event.target.closest("button, [role=button]");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ type: event.type, target: target, submitter: event.submitter });
    start();
  }
  w.__portalHidratacao = {
    iniciando: function () {
      holding = false;
    },
    pronta: function () {
      var actions = held;
      held = [];
      actions.forEach(function (action) {
        if (!action.target.isConnected) return;
        if (action.type === "click") action.target.click();
        else if (action.submitter) action.target.requestSubmit(action.submitter);
        else action.target.requestSubmit();
      });
    },
  };
  intents.forEach(function (name) {
    w.addEventListener(name, start, { capture: true, passive: true });
  });
  w.addEventListener("click", hold, true);
  w.addEventListener("submit", hold, true);
  try {
    if (localStorage.getItem(hintKey) === "1") start();
  } catch (e) {
    // No storage (private mode): the page waits for the first sign of use.
  }
}
/* eslint-enable */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = '<script type="module" async="">';

/**
 * The page's HTML with its hydration deferred. Throws when the HTML is not what React Router
 * writes (a new version changed it): the build must not ship a page that never hydrates.
 */
export function deferHydration(html, { hintKey }) {
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]))];
  const moduleScripts = html.split(MODULE_SCRIPT).length - 1;
  if (preloads.length === 0 || moduleScripts !== 1 || !html.includes("</head>")) {
    throw new Error(`hidratação adiada: HTML inesperado (${preloads.length} preloads, ${moduleScripts} scripts de módulo)`);
  }
  const boot = `<script>(${bootstrap.toString()})(${JSON.stringify(preloads)},${JSON.stringify(DEFERRED_TYPE)},${JSON.stringify(hintKey)});</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(MODULE_SCRIPT, `<script type="${DEFERRED_TYPE}">`).replace("</head>", `${boot}</head>`);
}
