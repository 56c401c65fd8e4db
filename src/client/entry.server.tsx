import { prerender } from "react-dom/static";
import { ServerRouter, type EntryContext } from "react-router";

// The portal renders React on the server only at build time: the public pages are prerendered
// and the app shell is the SPA fallback (react-router.config.ts, ssr: false). Each render is a
// static page, so it is React's static prerender, which waits for the whole tree; React Router's
// default entry (which streams, and asks `isbot` whether to wait) is not needed.

const RENDER_TIMEOUT_MS = 10_000;

export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext): Promise<Response> {
  let failed = false;
  const { prelude } = await prerender(<ServerRouter context={context} url={request.url} />, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error) {
      // A page that fails to prerender fails the build (React Router refuses a non-200 page).
      failed = true;
      console.error(error);
    },
  });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(prelude, { status: failed ? 500 : status, headers });
}
