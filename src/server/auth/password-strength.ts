import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { COMPANY_NAME, COMPANY_SHORT_NAME, EMAILS } from "@shared/company";
import { MSG, MSG_WITH } from "@shared/messages";
import { AppError } from "../errors";

// Password strength (issue 6): zxcvbn-ts with the pt-BR and common dictionaries. Server-side
// only: the dictionaries are megabytes and must never reach the client bundle (the public pages
// have a JS budget; eslint forbids importing @zxcvbn-ts from src/client and src/shared).

/**
 * zxcvbn score a new password must reach. 2 = "somewhat guessable" (≥ 10^8 guesses): it refuses
 * the common-password lists, single words, names, dates and keyboard walks, while a few words
 * with a digit pass. The spec's minimum of 6 characters is checked first, by the schemas.
 */
export const MIN_PASSWORD_SCORE = 2;

/** Only this many characters are analysed: bounds the cost of one check (matching is superlinear). */
const ANALYSED_LENGTH = 64;

/** Words anyone would try against this portal's accounts. */
const PORTAL_WORDS = [COMPANY_NAME, COMPANY_SHORT_NAME, "Portal Sentinela", "Portaria Web", "portaria", EMAILS.contact.split("@")[1]!];

let factory: Promise<ZxcvbnFactory> | undefined;

/** Built on first use (~0.1 s): the dictionaries are loaded only by a server that sets a password. */
function checker(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-pt-br"),
    ]);
    const translations = {
      ...ptBr.translations,
      // Two of the package's pt-BR sentences read badly; the rest are used as they are.
      warnings: { ...ptBr.translations.warnings, userInputs: "A senha não deve conter seus dados pessoais nem o nome da empresa ou do portal." },
      suggestions: { ...ptBr.translations.suggestions, capitalization: "Use letras maiúsculas em outras posições além da primeira." },
    };
    return new ZxcvbnFactory({
      translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
      // Levenshtein matching costs ~10x per check for little gain over the l33t/dictionary matchers.
      useLevenshteinDistance: false,
      maxLength: ANALYSED_LENGTH,
    });
  })();
  return factory;
}

const stripAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");

/**
 * What an attacker who knows the account would try: the e-mail and its parts, the name, CPF and
 * phone digits, and the company/portal words. Lowercased, with and without accents.
 */
export function passwordUserInputs(
  person: { email?: string | null; name?: (string | null | undefined)[]; numbers?: (string | null | undefined)[] } = {},
): string[] {
  const words = new Set<string>();
  const add = (value: string) => {
    const lower = value.trim().toLowerCase();
    if (lower.length < 3) return;
    words.add(lower);
    words.add(stripAccents(lower));
  };
  const addText = (text: string) => {
    add(text.replace(/\s+/g, ""));
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) add(part);
  };
  if (person.email) {
    add(person.email);
    addText(person.email);
  }
  for (const name of person.name ?? []) if (name) addText(name);
  for (const number of person.numbers ?? []) if (number) add(number.replace(/\D/g, ""));
  for (const text of PORTAL_WORDS) addText(text);
  return [...words];
}

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** zxcvbn's pt-BR warning and suggestions, as sentences. */
  reasons: string[];
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export async function checkPasswordStrength(password: string, userInputs: string[] = passwordUserInputs()): Promise<PasswordVerdict> {
  const result = (await checker()).check(password, userInputs);
  const ok = result.score >= MIN_PASSWORD_SCORE;
  const { warning, suggestions } = result.feedback;
  const reasons = ok ? [] : [warning, ...suggestions].filter((s): s is string => Boolean(s)).map(sentence);
  return { ok, score: result.score, reasons: [...new Set(reasons)] };
}

/** 400 in the one error shape: "Senha fraca: <warning> <suggestions>", also under `field`. */
export function weakPasswordError(verdict: PasswordVerdict, field: string): AppError {
  const reasons = verdict.reasons.length ? verdict.reasons.join(" ") : MSG.passwordWeak.message;
  const { title, message } = MSG_WITH.passwordWeak(reasons);
  return new AppError(400, "WEAK_PASSWORD", title, message, { [field]: message });
}

/** Throws the weak-password refusal unless `password` reaches MIN_PASSWORD_SCORE. */
export async function assertStrongPassword(password: string, userInputs: string[], field: string): Promise<void> {
  const verdict = await checkPasswordStrength(password, userInputs);
  if (!verdict.ok) throw weakPasswordError(verdict, field);
}
