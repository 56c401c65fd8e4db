import { ACTION_FAILED, TOAST_DURATION, type CatalogueMessage } from "@shared/messages-base";

// The one toast helper. At most one toast is shown at a time: a new one replaces the current.
export type ToastVariant = "default" | "success" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastOptions, "description">> {
  id: number;
  description?: string;
  open: boolean;
}

type Listener = () => void;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): number {
  current = {
    id: nextId++,
    title: options.title,
    description: options.description,
    variant: options.variant ?? "default",
    duration: options.duration ?? TOAST_DURATION.default,
    open: true,
  };
  emit();
  return current.id;
}

/** Shows an error from the API (or any thrown value) under a catalogue title. */
export function toastError(title: string, error: unknown, fallback?: string, duration?: number) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  return toast({ title, description: message, variant: "destructive", duration });
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCurrentToast() {
  return current;
}

// Server refusals that carry their own catalogue title ('Ação não permitida', 'Erro ao excluir',
// 'Acesso Negado', the gate's 'Entrada já registrada'...): shown with it instead of the action's generic title.
const SERVER_TITLED = new Set(["RULE", "FORBIDDEN", "FOREIGN_KEY", "IN_USE", "DUPLICATE", "NO_EMAIL", "RATE_LIMITED", "JA_DENTRO"]);

/** The destructive toast of a failed action: the action's catalogue title and the server's message. */
export function toastApiError(actionTitle: string, error: unknown, duration?: number) {
  const serverTitle =
    typeof error === "object" && error !== null && "code" in error && "title" in error && SERVER_TITLED.has(String(error.code)) ? String(error.title) : null;
  const long = typeof error === "object" && error !== null && "code" in error && (error.code === "FOREIGN_KEY" || error.code === "IN_USE");
  return toastError(serverTitle ?? actionTitle, error, ACTION_FAILED, duration ?? (long ? TOAST_DURATION.long : undefined));
}

/** A catalogue entry (title and message) as a toast's title and description. */
export function toastContent(entry: CatalogueMessage): { title: string; description: string } {
  return { title: entry.title, description: entry.message };
}
