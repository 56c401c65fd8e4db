import { useId } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/input";

export interface GrupoOption {
  id: string;
  nome_grupo: string;
  descricao?: string | null;
  /** Shown next to the box (why it cannot be changed, for instance). */
  note?: string;
  disabled?: boolean;
}

/** Group membership as checkboxes, inside a fieldset whose legend names it. */
export function GruposChecklist({
  options,
  value,
  onChange,
  legend = "Grupos",
  describedBy,
}: {
  options: GrupoOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  legend?: string;
  describedBy?: string;
}) {
  const uid = useId();
  const selected = new Set(value);

  function toggle(id: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(options.filter((o) => next.has(o.id)).map((o) => o.id));
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum grupo encontrado</p>
      ) : (
        <ul className="grid gap-2 rounded-md border border-slate-300 bg-white p-3 sm:grid-cols-2">
          {options.map((o) => {
            const id = `${uid}-${o.id}`;
            return (
              <li key={o.id} className="flex items-start gap-2">
                <Checkbox
                  id={id}
                  checked={selected.has(o.id)}
                  disabled={o.disabled}
                  onCheckedChange={(checked) => toggle(o.id, checked === true)}
                  className="mt-0.5"
                  aria-describedby={o.note ? `${id}-nota` : undefined}
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={id} className={o.disabled ? "cursor-not-allowed font-normal text-slate-500" : "font-normal"}>
                    {o.nome_grupo}
                  </Label>
                  {o.note ? (
                    <span id={`${id}-nota`} className="text-xs text-slate-600">
                      {o.note}
                    </span>
                  ) : (
                    o.descricao && <span className="text-xs text-slate-600">{o.descricao}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
