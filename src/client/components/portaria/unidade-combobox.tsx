import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from "react";
import type { FieldValues } from "react-hook-form";
import { unidadeLabel } from "@shared/schemas/unidades";
import { FormField } from "~/components/ui/form";
import { FieldFrame, type Bound, type FieldFrameProps } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { filtrarUnidades, type UnidadeOpcao } from "./unidades";

/** Options shown at once: the operator types more rather than scrolls through hundreds. */
const MAX_OPCOES = 30;

/**
 * The unit typed as at the console ("101", "A 101", "Bloco A - 101"): a combobox whose list
 * narrows as the operator types; ArrowDown/ArrowUp move in it, Enter picks, Escape closes it
 * (not the dialog). Leaving the field with exactly one unit matching picks that one. `value` is
 * the unit's id ("" while none is picked); typing again clears it until another is picked.
 */
export function UnidadeCombobox({
  unidades,
  value,
  onChange,
  loading = false,
  rotuloFora,
  inputRef,
  className,
  onBlur,
  ...inputProps
}: {
  unidades: readonly UnidadeOpcao[];
  value: string;
  onChange: (unidadeId: string) => void;
  loading?: boolean;
  /** What the field reads while `value` is a unit outside `unidades` (read from a QR code). */
  rotuloFora?: string;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<ComponentProps<"input">, "value" | "onChange" | "ref" | "role" | "type">) {
  const listId = useId();
  const [texto, setTexto] = useState("");
  const [aberta, setAberta] = useState(false);
  const [ativa, setAtiva] = useState(0);
  // The value this field last gave: another one (a reset, a QR read) rewrites the text.
  const dado = useRef<string | null>(null);
  const escolhida = unidades.find((u) => u.id === value);
  useEffect(() => {
    if (value === dado.current) return;
    setAberta(false);
    // A unit not (yet) in the list (still loading, or a QR read of it): its label when it comes.
    if (value && !escolhida) return setTexto(rotuloFora ?? "");
    dado.current = value;
    setTexto(escolhida ? unidadeLabel(escolhida) : "");
  }, [value, escolhida, rotuloFora]);

  const opcoes = filtrarUnidades(unidades, texto).slice(0, MAX_OPCOES);
  const mostrar = aberta && opcoes.length > 0;
  const ativaId = mostrar ? `${listId}-${Math.min(ativa, opcoes.length - 1)}` : undefined;

  // Escape closes the open list only: caught before the dialog's own listener (document, capture).
  useEffect(() => {
    if (!mostrar) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      event.preventDefault();
      setAberta(false);
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [mostrar]);

  function escolher(unidade: UnidadeOpcao) {
    dado.current = unidade.id;
    setTexto(unidadeLabel(unidade));
    setAberta(false);
    onChange(unidade.id);
  }

  function digitar(next: string) {
    setTexto(next);
    setAberta(true);
    setAtiva(0);
    if (value) {
      dado.current = "";
      onChange("");
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!aberta) {
        setAberta(true);
        setAtiva(event.key === "ArrowDown" ? 0 : opcoes.length - 1);
        return;
      }
      const n = opcoes.length;
      if (n) setAtiva((i) => (Math.min(i, n - 1) + (event.key === "ArrowDown" ? 1 : -1) + n) % n);
    } else if (event.key === "Enter" && mostrar) {
      // Enter picks; it sends the form only once a unit is picked and the list closed.
      event.preventDefault();
      escolher(opcoes[Math.min(ativa, opcoes.length - 1)]!);
    }
  }

  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={mostrar}
        aria-controls={listId}
        aria-activedescendant={ativaId}
        value={texto}
        className={className}
        onChange={(e) => digitar(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setAtiva(0)}
        onBlur={(event) => {
          setAberta(false);
          // Typed to a single match and left with Tab: that unit.
          if (!value && texto.trim()) {
            const unica = filtrarUnidades(unidades, texto);
            if (unica.length === 1) escolher(unica[0]!);
          }
          onBlur?.(event);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Unidades encontradas"
        className={cn(
          "absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg",
          !mostrar && "hidden",
        )}
      >
        {mostrar &&
          opcoes.map((u, i) => (
            <li
              key={u.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === Math.min(ativa, opcoes.length - 1)}
              className="cursor-pointer px-3 py-2 text-slate-900 aria-selected:bg-brand-50 aria-selected:text-brand-900"
              // The input keeps the focus: picking with the mouse does not blur it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => escolher(u)}
            >
              {unidadeLabel(u)}
            </li>
          ))}
      </ul>
      {aberta && !loading && texto.trim() !== "" && opcoes.length === 0 && (
        <p className="mt-1 text-xs text-slate-600" role="status">
          Nenhuma unidade encontrada.
        </p>
      )}
    </div>
  );
}

/** The unit of a form: the combobox in its frame (label, hint, error); the form's setFocus reaches it. */
export function UnidadeField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  label,
  hint,
  required,
  className,
  unidades,
  loading,
  rotuloFora,
  placeholder,
  disabled,
  autoFocus,
}: FieldFrameProps &
  Bound<T, TTransformed, string> & {
    unidades: readonly UnidadeOpcao[];
    loading?: boolean;
    rotuloFora?: string;
    placeholder?: string;
    disabled?: boolean;
    autoFocus?: boolean;
  }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame label={label} hint={hint} required={required} className={className}>
          <UnidadeCombobox
            unidades={unidades}
            loading={loading}
            rotuloFora={rotuloFora}
            value={(field.value as string | undefined) ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            placeholder={placeholder}
            disabled={field.disabled || disabled}
            autoFocus={autoFocus}
          />
        </FieldFrame>
      )}
    />
  );
}
