import { z } from "zod";
import { isValidCpf } from "../br/cpf";
import { isValidPhone, onlyDigits } from "../br/phone";

/** Empty strings, null and undefined all mean "not given" and are stored as null. */
export const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

export const optionalPhone = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .refine(isValidPhone, "Informe um telefone válido com DDD.")
    .transform(onlyDigits)
    .nullable(),
);

/** A required text: missing, wrong type and blank all answer with the same catalogue message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

/** Optional free text: blank becomes null. */
export const optionalText = (max = 500) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `Use no máximo ${max} caracteres.`).nullable());

/** Optional CPF: validated by its check digits, stored as 11 digits, blank becomes null. */
export const optionalCpf = z.preprocess(
  emptyToNull,
  z.string().trim().refine(isValidCpf, "CPF inválido. Confira os números.").transform(onlyDigits).nullable(),
);

export const uuidSchema = z.uuid("Identificador inválido.");
