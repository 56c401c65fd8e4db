import { describe, expect, it } from "vitest";
import { bloqueioInputSchema } from "./bloqueios";
import { moradorInputSchema } from "./moradores";
import { visitanteSemAutorizacaoFormSchema, visitanteSemAutorizacaoSchema } from "./controle-acesso";
import { autorizacaoInputSchema } from "./visitantes";

// A document of type CPF is checked by its check digits wherever one is typed, with the message
// the Moradores form gives a wrong CPF (the same text everywhere).

const UUID = "00000000-0000-4000-8000-000000000000";
const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));

const schemas = {
  walkIn: (d: object) =>
    visitanteSemAutorizacaoSchema.safeParse({ condominio_id: UUID, nome: "Diego", unidade_id: UUID, autorizado_por_morador_id: UUID, ...d }),
  walkInForm: (d: object) => visitanteSemAutorizacaoFormSchema.safeParse({ nome: "Diego", unidade_id: UUID, autorizado_por_nome: "Síndico", ...d }),
  autorizacao: (d: object) =>
    autorizacaoInputSchema.safeParse({
      condominio_id: UUID,
      unidade_id: UUID,
      morador_id: UUID,
      nome_visitante: "Maria",
      tipo: "periodo",
      valido_de: "2099-01-01",
      valido_ate: "2099-01-31",
      ...d,
    }),
  bloqueio: (d: object) => bloqueioInputSchema.safeParse({ tipo: "pessoa", motivo: "Furto", ...d }),
};

describe("a document of type CPF", () => {
  const cpfMessage = fieldErrors(moradorInputSchema.safeParse({ nome_completo: "Ana", tipo_morador: "inquilino", cpf: "529.982.247-24" })).cpf;

  it.each(Object.entries(schemas))("%s: bad check digits are refused with the Moradores form's CPF message", (_name, parse) => {
    expect(cpfMessage).toBe("CPF inválido. Confira os números.");
    for (const numero of ["529.982.247-24", "52998224724", "111.111.111-11", "5299822472", "529982247251"]) {
      expect(fieldErrors(parse({ documento_tipo: "cpf", documento_numero: numero })), numero).toEqual({ documento_numero: cpfMessage });
    }
  });

  it.each(Object.entries(schemas))("%s: a valid CPF passes, stored as its 11 digits; another type is not read as a CPF", (_name, parse) => {
    const ok = parse({ documento_tipo: "cpf", documento_numero: "529.982.247-25" });
    expect(ok.success).toBe(true);
    expect((ok as { data: { documento_numero: string } }).data.documento_numero).toBe("52998224725");
    expect(parse({ documento_tipo: "rg", documento_numero: "52998224724" }).success).toBe(true);
    expect(parse({ documento_numero: "52998224724" }).success).toBe(true);
  });

  it("is reported beside the other fields' messages, not after them", () => {
    expect(fieldErrors(schemas.walkInForm({ nome: " ", documento_tipo: "cpf", documento_numero: "123.456.789-00" }))).toEqual({
      nome: "Informe o nome do visitante.",
      documento_numero: "CPF inválido. Confira os números.",
    });
  });
});
