import { toast, toastApiError } from "./toast";

/**
 * `mutate()` callbacks for an action whose outcome is a toast: the success title, then `done`
 * (close, navigate); or the API error under the action's catalogue title.
 */
export function mutationToasts(successTitle: string, errorTitle: string, done?: () => void) {
  return {
    onSuccess: () => {
      toast({ title: successTitle, variant: "success" });
      done?.();
    },
    onError: (error: unknown) => {
      toastApiError(errorTitle, error);
    },
  };
}
