import { useEffect, useState } from "react";

/** The kinds of person of the gate's records, as the screen names them. */
export const TIPO_PESSOA_LABEL: Record<string, string> = {
  morador: "Morador",
  visitante: "Visitante",
  prestador: "Prestador",
  entregador: "Entregador",
};

/** Time inside: "menos de 1 min", "45 min", "2 h 05 min". */
export function formatDuracao(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** The current instant, renewed every `interval` ms (the time inside updates every minute). */
export function useNow(interval = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}
