import { useNavigate } from "react-router";
import { MSG, SUCCESS, TOAST_DURATION } from "@shared/messages";
import { useAuth } from "./auth";
import { toast, toastError } from "./toast";

/** Signs out, says so, and goes to /login replacing history (§2 Login). */
export function useLogout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast({ title: SUCCESS.logout.title, description: SUCCESS.logout.message, variant: "success", duration: TOAST_DURATION.short });
      navigate("/login", { replace: true });
    } catch (error) {
      toastError(MSG.logoutError.title, error, MSG.logoutError.message);
    }
  };
}
