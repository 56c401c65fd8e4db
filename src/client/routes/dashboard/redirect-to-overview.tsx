import { Navigate, redirect } from "react-router";

// Unknown paths under /dashboard go to the overview (spec §2), replacing history.
export function clientLoader() {
  throw redirect("/dashboard");
}

export default function RedirectToOverview() {
  return <Navigate to="/dashboard" replace />;
}
