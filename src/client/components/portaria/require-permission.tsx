import { useEffect, type ReactNode } from "react";
import { Navigate } from "react-router";
import { MSG } from "@shared/messages";
import type { PermissionName } from "@shared/permissions";
import { useAuth } from "~/lib/auth";
import { toast } from "~/lib/toast";

/**
 * Step 5 of the route guard (§4): without any of the permissions, back to /portaria-web with
 * 'Acesso negado: permissão insuficiente.'. The server refuses the data calls regardless.
 */
export function RequirePermission({ anyOf, children }: { anyOf: PermissionName | readonly PermissionName[]; children: ReactNode }) {
  const { can, loading } = useAuth();
  const allowed = can(anyOf);
  if (loading) return null;
  if (!allowed) return <DeniedRedirect />;
  return <>{children}</>;
}

function DeniedRedirect() {
  useEffect(() => {
    toast({ title: MSG.accessDeniedRedirect.title, description: MSG.accessDeniedRedirect.message, variant: "destructive" });
  }, []);
  return <Navigate to="/portaria-web" replace />;
}
