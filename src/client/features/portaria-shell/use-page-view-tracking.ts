import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { api } from "~/lib/api";

const MAX_PATH_LENGTH = 300; // the API refuses longer paths

/**
 * §2: a page view is recorded on every route change inside the Portaria Web shell. Fire and
 * forget: a failure never reaches the user. The same pathname twice in a row is sent once
 * (a change of query string or hash, or a re-render, is not a new page).
 */
export function usePageViewTracking() {
  const { pathname } = useLocation();
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    if (lastSent.current === pathname) return;
    lastSent.current = pathname;
    if (!pathname.startsWith("/portaria-web") || pathname.length > MAX_PATH_LENGTH) return;
    api.POST("/api/page-views", { body: { path: pathname } }).catch(() => {
      // Tracking is best effort.
    });
  }, [pathname]);
}
