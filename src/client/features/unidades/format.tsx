import { Badge } from "~/components/ui/badge";

/** "Bloco A - 101" (a block already named "Torre 2" or "Bloco B" keeps its name); just "101" without a block. */
export function unidadeLabel({ bloco, numero_unidade }: { bloco: string | null; numero_unidade: string }) {
  const block = bloco?.trim();
  if (!block) return numero_unidade;
  const named = /^(bloco|torre|quadra|ala|edif[íi]cio|pr[ée]dio)\b/i.test(block);
  return `${named ? block : `Bloco ${block}`} - ${numero_unidade}`;
}

/** §4: ativo shown as Ativa/Inativa (units) or Ativo/Inativo (residents, vehicles). */
export function AtivoBadge({ ativo, feminine = false }: { ativo: boolean; feminine?: boolean }) {
  const label = ativo ? (feminine ? "Ativa" : "Ativo") : feminine ? "Inativa" : "Inativo";
  return (
    <Badge variant={ativo ? "green" : "grey"} data-ativo={ativo}>
      {label}
    </Badge>
  );
}
