import { useEffect, useState } from "react";
import { formatDesde } from "@shared/time";

/** The kinds of person of the gate's records, as the screen names them. */
export const TIPO_PESSOA_LABEL: Record<string, string> = {
  morador: "Morador",
  visitante: "Visitante",
  prestador: "Prestador",
  entregador: "Entregador",
};

/** Time inside: "menos de 1 min", "45 min", "2 h 05 min"; from a day on, "3 d 04 h". */
export function formatDuracao(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, "0")} h`;
}

/** When someone came in: the time when it was today (São Paulo), else the date too. */
export const formatEntrada = (entrouEm: string, now: number): string => formatDesde(entrouEm, now);

/** The current instant, renewed every `interval` ms (the time inside updates every minute). */
export function useNow(interval = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}
