import { useId, useMemo } from "react";
import { permissionLabel, type Permissao } from "@shared/schemas/permissoes";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/input";
import { ScrollArea } from "~/components/ui/scroll-area";

/** The catalogue grouped by category (it comes ordered by categoria, then nome). */
export function groupByCategory(permissoes: Permissao[]) {
  const groups = new Map<string, Permissao[]>();
  for (const p of permissoes) groups.set(p.categoria, [...(groups.get(p.categoria) ?? []), p]);
  return [...groups.entries()];
}

/** §2 Groups: permissions as checkboxes grouped by category, in a scroll area of at most 12rem. */
export function PermissionChecklist({
  permissoes,
  value,
  onChange,
  disabled,
  locked,
  lockedNoteId,
  labelledBy,
  describedBy,
}: {
  permissoes: Permissao[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Permissions that may not be checked (the actor does not hold them); `lockedNoteId` says why. */
  locked?: ReadonlySet<string>;
  lockedNoteId?: string;
  labelledBy: string;
  describedBy?: string;
}) {
  const uid = useId();
  const categories = useMemo(() => groupByCategory(permissoes), [permissoes]);
  const selected = new Set(value);

  function toggle(id: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(permissoes.filter((p) => next.has(p.id)).map((p) => p.id));
  }

  if (!permissoes.length) return <p className="text-sm text-slate-600">Nenhuma permissão encontrada</p>;

  return (
    <ScrollArea
      className="rounded-md border border-slate-300 bg-white"
      viewportClassName="max-h-48"
      viewportProps={{ role: "group", "aria-labelledby": labelledBy, "aria-describedby": describedBy }}
    >
      <div className="grid gap-4 p-3">
        {categories.map(([categoria, items], index) => {
          const headingId = `${uid}-cat-${index}`;
          return (
            <div key={categoria} role="group" aria-labelledby={headingId} className="grid gap-2">
              <p id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                {categoria}
              </p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {items.map((p) => {
                  const id = `${uid}-${p.id}`;
                  const isLocked = locked?.has(p.id) === true;
                  return (
                    <li key={p.id} className="flex items-start gap-2">
                      <Checkbox
                        id={id}
                        checked={selected.has(p.id)}
                        disabled={disabled || isLocked}
                        aria-describedby={isLocked ? lockedNoteId : undefined}
                        onCheckedChange={(checked) => toggle(p.id, checked === true)}
                        className="mt-0.5"
                      />
                      <Label
                        htmlFor={id}
                        className="font-normal peer-disabled:cursor-not-allowed peer-disabled:text-slate-500"
                        title={p.descricao ?? undefined}
                      >
                        {permissionLabel(p.nome_permissao)}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </ScrollArea>
  );
}
