import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import type { MeResponse, Profile } from "@shared/schemas/profile";
import { api, ApiError } from "./api";

export const meQueryKey = ["me"] as const;

async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await api<MeResponse>("/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

interface AuthState {
  /** True while the session or the profile loads. */
  loading: boolean;
  user: MeResponse["user"] | null;
  profile: Profile | null;
  /** A permission check: one name or a list (any one passes). False while loading or without profile. */
  can: (permission: string | readonly string[]) => boolean;
  signIn: (email: string, password: string) => Promise<MeResponse | null>;
  signOut: () => Promise<void>;
  reload: () => Promise<MeResponse | null>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

  const reload = useCallback(async () => {
    const data = await fetchMe();
    queryClient.setQueryData(meQueryKey, data);
    return data;
  }, [queryClient]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      await api("/api/auth/sign-in/email", { method: "POST", json: { email, password, rememberMe: true } });
      return reload();
    },
    [reload],
  );

  const signOut = useCallback(async () => {
    await api("/api/auth/sign-out", { method: "POST", json: {} });
    queryClient.setQueryData(meQueryKey, null);
    // Nothing cached for the previous user may be shown to the next one.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const profile = me.data?.profile ?? null;
    const permissions = new Set(profile?.permissions ?? []);
    return {
      loading: me.isPending,
      user: me.data?.user ?? null,
      profile,
      can: (permission) => {
        if (me.isPending || !profile) return false;
        const names = typeof permission === "string" ? [permission] : permission;
        return names.some((name) => permissions.has(name));
      },
      signIn,
      signOut,
      reload,
    };
  }, [me.data, me.isPending, signIn, signOut, reload]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside AuthProvider");
  return ctx;
}
