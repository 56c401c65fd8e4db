import { useNavigate } from "react-router";
import { LOGOUT_ERROR, SUCCESS, TOAST_DURATION } from "@shared/messages-base";
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
      toastError(LOGOUT_ERROR.title, error, LOGOUT_ERROR.message);
    }
  };
}
