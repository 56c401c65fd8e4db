import { useId, useMemo, useState } from "react";
import { Controller, useFormContext, useFormState, useWatch, type ControllerRenderProps } from "react-hook-form";
import type { CondominioOption } from "@shared/schemas/painel";
import { Checkbox } from "~/components/ui/checkbox";
import { FormDescription, FormField, FormItem, FormLegend, FormMessage, useFormField } from "~/components/ui/form";
import { Input, Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";

/** The scope values of the user forms (gatehouse-spec §2), and the groups that decide them. */
export interface UsuarioScopeValues {
  acesso_todos_condominios: boolean;
  condominio_ids: string[];
  grupo_ids: string[];
}

/** Said while Administrador is ticked: its members serve every condominium (the server enforces it). */
export const ADMINISTRADOR_SCOPE_NOTE =
  "Membros do grupo Administrador atendem todos os condomínios: o acesso não pode ser restrito. Para escolher condomínios, desmarque o grupo Administrador.";

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * 'Condomínios': the switch 'Todos os condomínios', or the condominiums ticked in a list that a
 * filter box narrows (a security company serves hundreds). `options` are the condominiums the
 * actor may give (their own scope, from the page); `lockedReason` disables the whole field and
 * says why (one's own scope, or a scope larger than the actor's). While the group `adminGroupId`
 * (Administrador) is ticked the field is fixed to 'Todos os condomínios' and says why; unticking it
 * gives the field back with the choice it had (the form's values are left as they were).
 */
export function CondominiosField(props: { options: readonly CondominioOption[]; canGiveAll: boolean; lockedReason?: string; adminGroupId?: string }) {
  const { control } = useFormContext<UsuarioScopeValues>();
  const grupoIds = useWatch({ control, name: "grupo_ids" });
  const administrador = props.adminGroupId !== undefined && (grupoIds ?? []).includes(props.adminGroupId);
  const note = administrador ? ADMINISTRADOR_SCOPE_NOTE : props.lockedReason;
  // One question, two fields: the list's error, or else the switch's.
  const { errors } = useFormState({ control, name: "acesso_todos_condominios" });
  return (
    <FormField
      control={control}
      name="condominio_ids"
      render={({ field }) => (
        <FormItem as="fieldset" className="grid min-w-0 gap-3" disabled={note !== undefined} liveError={errors.acesso_todos_condominios?.message}>
          <FormLegend className="mb-1 text-slate-800">Condomínios</FormLegend>
          <CondominiosChoice {...props} administrador={administrador} note={note} field={field} />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function CondominiosChoice({
  options,
  canGiveAll,
  administrador,
  note,
  field,
}: {
  options: readonly CondominioOption[];
  canGiveAll: boolean;
  administrador: boolean;
  note: string | undefined;
  field: ControllerRenderProps<UsuarioScopeValues, "condominio_ids">;
}) {
  const uid = useId();
  const ids = { todos: `${uid}-todos`, todosNota: `${uid}-todos-nota`, filtro: `${uid}-filtro`, contagem: `${uid}-contagem` };
  const { descriptionId } = useFormField();
  const { control } = useFormContext<UsuarioScopeValues>();
  const todos = useWatch({ control, name: "acesso_todos_condominios" }) || administrador;
  const [filter, setFilter] = useState("");
  const visible = useMemo(() => {
    const wanted = folded(filter.trim());
    return wanted ? options.filter((o) => folded(o.nome).includes(wanted)) : options;
  }, [options, filter]);
  const locked = note !== undefined;
  const selected = new Set(field.value);
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    field.onChange([...next].sort());
  };

  return (
    <>
      {locked && <FormDescription>{note}</FormDescription>}
      <Controller
        control={control}
        name="acesso_todos_condominios"
        render={({ field: todosField }) => (
          <div className="flex items-center gap-3">
            <Switch
              id={ids.todos}
              checked={todosField.value || administrador}
              onCheckedChange={todosField.onChange}
              disabled={locked || (!canGiveAll && !todosField.value)}
              aria-describedby={administrador ? descriptionId : !canGiveAll ? ids.todosNota : undefined}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={ids.todos} className="font-normal">
                Todos os condomínios
              </Label>
              {!canGiveAll && !administrador && (
                <span id={ids.todosNota} className="text-xs text-slate-600">
                  Somente quem atende todos os condomínios pode dar acesso a todos.
                </span>
              )}
            </div>
          </div>
        )}
      />
      {!todos && (
        <div className="grid gap-2">
          {options.length > 8 && (
            <div className="grid gap-1">
              <Label htmlFor={ids.filtro}>Filtrar condomínios</Label>
              <Input id={ids.filtro} value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" placeholder="Nome do condomínio" />
            </div>
          )}
          <p id={ids.contagem} className="text-xs text-slate-600" aria-live="polite">
            {selected.size === 0
              ? "Nenhum condomínio selecionado: o usuário não verá dados de nenhum condomínio."
              : selected.size === 1
                ? "1 condomínio selecionado."
                : `${selected.size} condomínios selecionados.`}
          </p>
          {visible.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhum condomínio encontrado</p>
          ) : (
            <ul className="grid max-h-64 gap-2 overflow-y-auto rounded-md border border-slate-300 bg-white p-3 sm:grid-cols-2">
              {visible.map((o) => {
                const id = `${uid}-${o.id}`;
                return (
                  <li key={o.id} className="flex items-start gap-2">
                    <Checkbox id={id} checked={selected.has(o.id)} onCheckedChange={(checked) => toggle(o.id, checked === true)} className="mt-0.5" />
                    <Label htmlFor={id} className="font-normal break-words">
                      {o.nome}
                    </Label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
