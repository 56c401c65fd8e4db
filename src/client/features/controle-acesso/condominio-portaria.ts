import { useEffect, useState } from "react";
import type { CondominioOption } from "@shared/schemas/painel";

/** Where the device remembers the gate's condominium (§3: the last choice is remembered on the device). */
const STORAGE_KEY = "portaria.controle-acesso.condominio";

function remembered(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

/**
 * The gate's condominium among `options` (active, in the user's scope): the device's last choice
 * while it is still an option, the only one when there is one, else none until the porteiro picks.
 */
export function useCondominioPortaria(options: readonly CondominioOption[] | undefined) {
  const [chosen, setChosen] = useState<string>(remembered);
  const value = !options ? "" : options.some((c) => c.id === chosen) ? chosen : options.length === 1 ? options[0]!.id : "";
  useEffect(() => {
    if (!value) return;
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // A device that refuses storage asks again next time.
    }
  }, [value]);
  return [value, setChosen] as const;
}
