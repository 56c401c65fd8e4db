import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { MeResponse, Profile } from "@shared/schemas/profile";
import { SESSION_HINT_KEY, SPA_PREFIXES } from "@shared/public-routes";
import { api, ApiError } from "./api";

// The session as the client knows it: one small store (no query library, so the public pages
// stay light), loaded from GET /api/me.
//
// A public page asks the server only when this browser signed in before (a hint kept in
// localStorage): an anonymous visitor costs no request and no 401. The staff areas always ask,
// so a missing or stale hint can never keep a signed-in user out or let a signed-out one in.

interface SessionState {
  /** True until the session has been asked for (or judged absent on a public page). */
  loading: boolean;
  me: MeResponse | null;
  /** The server answered (false when a public page went by the hint alone). */
  checked: boolean;
  /** The session ended on the server while this page was open (idle, too old, ended elsewhere). */
  expired?: boolean;
}

const HINT_KEY = SESSION_HINT_KEY;

let state: SessionState = { loading: true, me: null, checked: false };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();
let inflight: Promise<unknown> | null = null;

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === "1";
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, "1");
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode): public pages then show the anonymous bar.
  }
}

async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await api.GET("/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // One retry on a failure that is not an answer about the session (network, 5xx).
    try {
      return await api.GET("/api/me");
    } catch (retryError) {
      if (retryError instanceof ApiError && retryError.status === 401) return null;
      // An initial session fetch error is only logged (spec §8); the visitor is treated as anonymous.
      console.warn("Falha ao carregar a sessão:", retryError);
      return null;
    }
  }
}

let latest = 0;

/** Asks the server for the session and profile; only the newest answer is kept. */
export function reloadSession(): Promise<MeResponse | null> {
  const request = ++latest;
  const pending = fetchMe().then((me) => {
    if (request === latest) {
      writeHint(me !== null);
      setState({ loading: false, me, checked: true });
    }
    return me;
  });
  const tracked: Promise<unknown> = pending.finally(() => {
    if (inflight === tracked) inflight = null;
  });
  inflight = tracked;
  return pending;
}

/**
 * The server answered 401 to a signed-in page: the session ended (idle for too long, past its
 * maximum age, ended from another device, account deactivated). The staff shells then go to
 * /login with 'Sessão expirada' and come back to the same page after the next sign-in.
 */
export function sessionExpired() {
  if (!state.me) return;
  latest++; // a session load still on its way must not bring the stale user back
  writeHint(false);
  setState({ loading: false, me: null, checked: true, expired: true });
  for (const listener of signOutListeners) listener();
}

/** Runs when the user signs out (e.g. the query cache drops what the previous user saw). */
export function onSignOut(listener: () => void) {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getState = () => state;
// Prerendered HTML is written before any session is known: as while loading.
const serverState: SessionState = { loading: true, me: null, checked: false };
const getServerState = () => serverState;

const isStaffArea = (pathname: string) => SPA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** Loads the session once for the page, and again on entering a staff area if only the hint was used. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const staffArea = isStaffArea(pathname);
  useEffect(() => {
    if (state.checked || inflight) return;
    if (staffArea || readHint()) void reloadSession();
    else if (state.loading) setState({ loading: false, me: null, checked: false });
  }, [staffArea]);
  return children;
}

interface AuthState {
  /** True while the session or the profile loads. */
  loading: boolean;
  /** The session ended on the server while a signed-in page was open (see sessionExpired). */
  expired: boolean;
  user: MeResponse["user"] | null;
  profile: Profile | null;
  /** The person reaches the Área do Morador (an active resident account in some unit). */
  morador: boolean;
  /** A permission check: one name or a list (any one passes). False while loading or without profile. */
  can: (permission: string | readonly string[]) => boolean;
  signIn: (email: string, password: string) => Promise<MeResponse | null>;
  signOut: () => Promise<void>;
  reload: () => Promise<MeResponse | null>;
}

async function signIn(email: string, password: string) {
  await api.POST("/api/auth/sign-in/email", { body: { email, password, rememberMe: true } });
  return reloadSession();
}

async function signOut() {
  await api.POST("/api/auth/sign-out");
  latest++; // a session load still on its way must not bring the user back
  writeHint(false);
  setState({ loading: false, me: null, checked: true });
  // Nothing cached for the previous user may be shown to the next one.
  for (const listener of signOutListeners) listener();
}

// One AuthState per store state, so consumers re-render only when the session changes.
let memo: { from: SessionState; value: AuthState } | null = null;

function authState(current: SessionState): AuthState {
  if (memo?.from === current) return memo.value;
  const profile = current.me?.profile ?? null;
  const permissions = new Set(profile?.permissions ?? []);
  const value: AuthState = {
    loading: current.loading,
    expired: current.expired === true,
    user: current.me?.user ?? null,
    profile,
    morador: current.me?.morador === true,
    can: (permission) => {
      if (current.loading || !profile) return false;
      const names = typeof permission === "string" ? [permission] : permission;
      return names.some((name) => permissions.has(name));
    },
    signIn,
    signOut,
    reload: reloadSession,
  };
  memo = { from: current, value };
  return value;
}

export function useAuth(): AuthState {
  return authState(useSyncExternalStore(subscribe, getState, getServerState));
}
