import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "./api";
import { onSignOut, sessionExpired } from "./auth";

// Any answer 401 means the session ended on the server: the shells take the user to /login.
const onApiError = (error: Error) => {
  if (error instanceof ApiError && error.status === 401) sessionExpired();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    // A 401 is not retried: the session is gone.
    queries: { staleTime: 30_000, retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 401), refetchOnWindowFocus: false },
  },
});

// Nothing cached for the previous user may be shown to the next one.
onSignOut(() => queryClient.clear());

/** The query cache of the staff areas; the public pages do without it (and its weight). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
