import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as auth from "./auth";
import * as condominios from "./condominios";
import * as grupos from "./grupos";
import * as lead from "./lead";
import * as moradores from "./moradores";
import * as painel from "./painel";
import * as permissoes from "./permissoes";
import * as prestadores from "./prestadores";
import * as unidades from "./unidades";
import * as usuarios from "./usuarios";
import * as veiculos from "./veiculos";
import { portalIssueMessage } from "./zod-pt-br";

// Whatever a person sends to a form or the API, the answer is Portuguese: the schemas' own
// messages, ours for the generic cases (./zod-pt-br.ts), zod's pt-BR locale for the rest.

/** Words of zod's English messages ("Too big: expected string to have <=5000 characters"). */
const ENGLISH = /\b(invalid|expected|received|too (big|small)|required|must|should|characters?|string|number|input|option|unrecognized)\b/i;

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("generic messages", () => {
  it.each([
    ["a text too long", z.string().max(3), "abcd", "Use no máximo 3 caracteres."],
    ["a text too short", z.string().min(3), "ab", "Use pelo menos 3 caracteres."],
    ["an empty text", z.string().min(1), "", "Preencha este campo."],
    ["a missing field", z.object({ nome: z.string() }), {}, "Campo obrigatório."],
    ["a number that is not one", z.coerce.number(), "abc", "Informe um número."],
    ["a fraction for a whole number", z.number().int(), 1.5, "Informe um número inteiro."],
    ["a number too big", z.number().max(200), 201, "Informe um número de no máximo 200."],
    ["a number too small", z.number().min(1), 0, "Informe um número de no mínimo 1."],
    ["a text for a number", z.number(), "1", "Informe um número."],
    ["a number for a text", z.string(), 1, "Informe um texto."],
    ["an option not offered", z.enum(["carro", "moto"]), "barco", "Opção inválida."],
    ["an e-mail", z.email(), "a@", "Informe um email válido."],
    ["an id", z.uuid(), "x", "Identificador inválido."],
    ["a list too long", z.array(z.string()).max(1), ["a", "b"], "Escolha no máximo 1 item."],
    ["a list expected", z.array(z.string()), "a", "Informe uma lista."],
    ["unknown fields", z.strictObject({}), { a: 1, b: 2 }, "Campos não reconhecidos: a, b."],
  ])("%s", (_what, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
  });

  it("leaves the rest to zod's pt-BR locale", () => {
    expect(portalIssueMessage({ code: "custom", input: 1, path: [] } as never)).toBeUndefined();
    expect(
      messages(
        z.custom(() => false),
        1,
      ),
    ).toEqual(["Entrada inválida"]);
  });

  it("never takes the place of a schema's own message", () => {
    expect(messages(z.string().max(3, "Nome longo demais."), "abcd")).toEqual(["Nome longo demais."]);
  });
});

describe("no schema answers in English", () => {
  const modules = { auth, condominios, grupos, lead, moradores, painel, permissoes, prestadores, unidades, usuarios, veiculos };
  const schemas = Object.entries(modules).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${module}.${name}`, schema] as const),
  );
  const WRONG: unknown[] = [
    undefined,
    null,
    1,
    -1,
    1.5,
    true,
    "",
    " ",
    "x",
    "ç".repeat(6000),
    "abc",
    [],
    ["x"],
    {},
    { a: 1 },
    "2026-02-30",
    "99999999999999999999",
  ];

  it.each(schemas)("%s", (_name, schema) => {
    const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    const seen = new Set<string>();
    for (const value of WRONG) {
      for (const message of messages(schema, value)) seen.add(message);
      // Every field of an object made wrong in turn, the others missing.
      for (const field of shape) for (const message of messages(schema, { [field]: value })) seen.add(message);
    }
    for (const message of seen) {
      expect(message, message).not.toMatch(ENGLISH);
      expect(message.trim().length, message).toBeGreaterThan(0);
    }
  });
});
