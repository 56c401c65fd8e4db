import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { MSG } from "@shared/messages";
import { toast } from "~/lib/toast";

/**
 * The staff shells without a session: to /login, remembering this page so that signing in comes
 * back to it. When the session ended while the page was open, says so ('Sessão expirada').
 */
export function LoginRedirect({ expired }: { expired: boolean }) {
  const location = useLocation();
  useEffect(() => {
    if (expired) toast({ title: MSG.notAuthenticated.title, description: MSG.notAuthenticated.message });
  }, [expired]);
  return <Navigate to="/login" state={{ from: location.pathname + location.search }} replace />;
}
