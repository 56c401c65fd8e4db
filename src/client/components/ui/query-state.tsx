import { Loader2 } from "lucide-react";
import { useEffect } from "react";
import { toastError } from "~/lib/toast";
import { cn } from "~/lib/utils";

/** A failed list or load shows its catalogue toast once per failure (§8 'Erro ao buscar ...'). */
export function useQueryErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toastError(title, error);
  }, [error, title]);
}

/** §8: a list fetch failure replaces the list with 'Erro: ' plus the message. */
export function ListError({ error, className }: { error: unknown; className?: string }) {
  const message = error instanceof Error && error.message ? error.message : "Não foi possível carregar os dados.";
  return (
    <p role="alert" className={cn("px-4 py-8 text-center text-sm text-red-700", className)}>
      Erro: {message}
    </p>
  );
}

export function Loading({ label = "Carregando...", className }: { label?: string; className?: string }) {
  return (
    <p role="status" className={cn("flex items-center justify-center gap-2 px-4 py-8 text-sm text-slate-600", className)}>
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      {label}
    </p>
  );
}
