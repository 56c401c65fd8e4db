import { formatDocumento } from "@shared/br/documento";
import { formatPlaca } from "@shared/br/placa";
import type { Bloqueio } from "@shared/schemas/bloqueios";

/** Who or what is blocked, in a few words: the plate of a vehicle; the name and/or document of a person. */
export function bloqueadoLabel(b: Pick<Bloqueio, "tipo" | "nome" | "documento_numero" | "placa">): string {
  if (b.tipo === "veiculo") return formatPlaca(b.placa ?? "");
  return [b.nome, b.documento_numero && formatDocumento(b.documento_numero)].filter(Boolean).join(" — ");
}

export const TODOS_CONDOMINIOS_LABEL = "Todos os condomínios";
