import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CondominioOption } from "@shared/schemas/painel";
import { FilterSelect } from "~/components/ui/list-toolbar";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { painelCondominiosQuery, TODOS } from "~/features/painel/queries";

export { TODOS };

/**
 * The condominium filter of the unit and vehicle lists: 'todos' or one active condominium (§2).
 * A condominium that leaves the options (deactivated meanwhile) falls back to 'todos'.
 */
export function useCondominioFilter() {
  const [selected, setSelected] = useState<string>(TODOS);
  const condominios = useQuery(painelCondominiosQuery());
  useQueryErrorToast(condominios.error, "Erro ao buscar condomínios");
  const options = condominios.data ?? [];
  const value = selected !== TODOS && condominios.data && !options.some((c) => c.id === selected) ? TODOS : selected;
  return { value, setValue: setSelected, options };
}

export function CondominioFilter({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: CondominioOption[];
}) {
  return (
    <FilterSelect
      id={id}
      label="Condomínio"
      value={value}
      onChange={onChange}
      options={[{ value: TODOS, label: "Todos os condomínios" }, ...options.map((c) => ({ value: c.id, label: c.nome }))]}
      className="grid gap-2 sm:w-64"
    />
  );
}
