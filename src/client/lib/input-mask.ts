// Input masks for the Brazilian documents and numbers of the forms, kept by a library (imask)
// instead of re-formatting the whole text on every change, which lost the caret. The formats are
// the ones of src/shared/br (formatCpf, formatCnpj, formatCep, formatPhone, formatPlaca), which
// stay the source of truth for validation; input-mask.test.ts checks that both agree.
import IMask from "imask/holder";
// The holder registers no mask type by itself: these two are the only ones used here.
import "imask/esm/masked/pattern";
import "imask/esm/masked/dynamic";

export type MaskKind = "cpf" | "cnpj" | "cpfOuCnpj" | "cep" | "telefone" | "placa" | "data" | "hora";

type MaskOptions = Parameters<typeof IMask.createMask>[0];

const upper = (chars: string) => chars.toUpperCase();
/** Plates: the hyphen of old plates is the mask's own, so a typed or pasted one is dropped. */
const plateChars = (chars: string) => chars.toUpperCase().replace(/[^0-9A-Z]/g, "");

// '0' is a digit (imask's own); '#' a character of the alphanumeric CNPJ body; 'L' a plate letter.
// Letters are upper-cased before they are checked, so typing 'abc' gives 'ABC'.
const definitions = { "#": /[0-9A-Z]/, L: /[A-Z]/ };

/**
 * A pattern mask. eager "remove": Backspace just after a separator deletes the character before it
 * (and Delete just before one the character after it) instead of only stepping over it; typing
 * does not add a separator before the next character is typed, as the formatters of src/shared/br.
 */
const pattern = (mask: string, prepareChar = upper) => ({ mask, definitions, prepareChar, eager: "remove" as const });

const CPF = pattern("000.000.000-00");
// 12 characters [0-9A-Z] and 2 check digits (numeric and alphanumeric CNPJ, src/shared/br/cnpj.ts).
const CNPJ = pattern("##.###.###/####-00");
const PHONE_LANDLINE = pattern("(00) 0000-0000");
const PHONE_MOBILE = pattern("(00) 00000-0000");
const PLACA_ANTIGA = pattern("LLL-0000", plateChars);
const PLACA_MERCOSUL = pattern("LLL0L00", plateChars);

/** Several formats in one field: the first, in this order, that takes all the text typed so far. */
const oneOf = (masks: ReturnType<typeof pattern>[], prepareChar = upper) => ({ mask: masks, prepareChar, eager: "remove" as const });

const OPTIONS: Record<MaskKind, MaskOptions> = {
  cpf: CPF,
  cnpj: CNPJ,
  // CPF up to 11 digits; CNPJ beyond, or as soon as a letter shows (alphanumeric CNPJ).
  cpfOuCnpj: oneOf([CPF, CNPJ]),
  cep: pattern("00000-000"),
  // Landline (10 digits) until the 11th digit makes it a mobile number.
  telefone: oneOf([PHONE_LANDLINE, PHONE_MOBILE]),
  // Old plates (ABC-1234) until a letter in the fifth place makes it a Mercosul one (ABC1D23).
  placa: oneOf([PLACA_ANTIGA, PLACA_MERCOSUL], plateChars),
  // Dates and times of the forms, whatever the browser's locale (components/ui/date-time-field).
  data: pattern("00/00/0000"),
  hora: pattern("00:00"),
};

/** The text `value` as the mask of `kind` shows it (what a user would get by typing it). */
export function maskText(kind: MaskKind, value: string): string {
  const masked = IMask.createMask(OPTIONS[kind]);
  masked.resolve(value);
  return masked.value;
}

export interface AttachedMask {
  /** The text shown, with the mask's punctuation. */
  readonly value: string;
  /** Replaces the text (a form reset, a value loaded later); it is masked as if typed. */
  setValue(value: string): void;
  destroy(): void;
}

/**
 * Masks `input` as the user types, pastes, deletes or moves the caret; `onAccept` gets the masked
 * text after every change the mask accepts. Text already in the field is masked at once.
 */
export function attachMask(input: HTMLInputElement, kind: MaskKind, onAccept: (value: string) => void): AttachedMask {
  const mask = IMask(input, OPTIONS[kind]);
  const accept = () => onAccept(mask.value);
  mask.on("accept", accept);
  return {
    get value() {
      return mask.value;
    },
    setValue(value) {
      mask.value = value;
    },
    destroy() {
      mask.off("accept", accept);
      mask.destroy();
    },
  };
}
