// No English reaches a user: zod's own messages are pt-BR, and the ones a person may read in a
// form or an API answer are ours. Loaded by ./common.ts, which every schema imports, so the
// server and the client get it from the same place. A schema's own message (`.max(5000, "...")`)
// still wins over these; these win over zod's pt-BR locale, which covers the rest.
import { z } from "zod";
import { ptBR } from "zod/locales";

type Issue = z.core.$ZodRawIssue;

const plural = (n: number | bigint, one: string, many: string) => (Number(n) === 1 ? one : many);

function tooBig(issue: Issue & { code: "too_big" }): string | undefined {
  const max = issue.maximum as number | bigint;
  if (issue.origin === "string") return `Use no máximo ${max} ${plural(max, "caractere", "caracteres")}.`;
  if (issue.origin === "array" || issue.origin === "set") return `Escolha no máximo ${max} ${plural(max, "item", "itens")}.`;
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    return issue.inclusive === false ? `Informe um número menor que ${max}.` : `Informe um número de no máximo ${max}.`;
  }
  return undefined;
}

function tooSmall(issue: Issue & { code: "too_small" }): string | undefined {
  const min = issue.minimum as number | bigint;
  if (issue.origin === "string") return Number(min) <= 1 ? "Preencha este campo." : `Use pelo menos ${min} caracteres.`;
  if (issue.origin === "array" || issue.origin === "set") return `Escolha pelo menos ${min} ${plural(min, "item", "itens")}.`;
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    return issue.inclusive === false ? `Informe um número maior que ${min}.` : `Informe um número de no mínimo ${min}.`;
  }
  return undefined;
}

const EXPECTED: Record<string, string> = {
  string: "Informe um texto.",
  number: "Informe um número.",
  int: "Informe um número inteiro.",
  bigint: "Informe um número inteiro.",
  boolean: "Informe sim ou não (true ou false).",
  array: "Informe uma lista.",
  object: "Dados inválidos.",
  date: "Informe uma data.",
};

const FORMATS: Record<string, string> = {
  email: "Informe um email válido.",
  uuid: "Identificador inválido.",
  guid: "Identificador inválido.",
  url: "Informe um endereço (URL) válido.",
  date: "Data inválida. Use o formato AAAA-MM-DD.",
  datetime: "Data e hora inválidas.",
  regex: "Formato inválido.",
};

/** Our message for an issue, or undefined to leave it to zod's pt-BR locale. */
export function portalIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "too_big":
      return tooBig(issue);
    case "too_small":
      return tooSmall(issue);
    case "invalid_type":
      // A required field that is missing.
      if (issue.input === undefined) return "Campo obrigatório.";
      return EXPECTED[issue.expected];
    case "invalid_format":
      return FORMATS[issue.format] ?? "Formato inválido.";
    case "invalid_value":
      return "Opção inválida.";
    case "not_multiple_of":
      return `Informe um múltiplo de ${issue.divisor as number}.`;
    case "unrecognized_keys":
      return `${plural(issue.keys.length, "Campo não reconhecido", "Campos não reconhecidos")}: ${issue.keys.join(", ")}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return "Valor inválido.";
    default:
      return undefined;
  }
}

z.config({ ...ptBR(), customError: portalIssueMessage });
