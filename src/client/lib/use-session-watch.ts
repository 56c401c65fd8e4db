import { useEffect } from "react";
import { api, ApiError } from "./api";
import { sessionExpired } from "./auth";

/** How often an open staff page asks whether its session is still alive. */
const CHECK_EVERY_MS = 60_000;

/**
 * Staff shells: asks the server every minute, and whenever the tab becomes visible again, whether
 * the session still lives (GET /api/me/sessao, which does not count as a use of it). When it has
 * ended — idle for too long, too old, ended from another device — the page leaves for /login
 * instead of showing stale data to whoever sits at the gate next.
 */
export function useSessionWatch() {
  useEffect(() => {
    const check = async () => {
      try {
        await api.GET("/api/me/sessao");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) sessionExpired();
      }
    };
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}
