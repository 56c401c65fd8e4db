import { formatCpf, isValidCpf } from "./cpf";

// A person's document as typed at the gate or on the blocklist (CPF, RG, CNH, passport...):
// letters and digits only, upper case, so that "123.456.789-09" and "12345678909" are the same.
export const normalizeDocumento = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, "");

/** A document as people read it: a CPF with its dots and dash, anything else as stored. */
export const formatDocumento = (value: string) => (/^\d{11}$/.test(value) && isValidCpf(value) ? formatCpf(value) : value);

/** 4 to 20 letters and digits, at least one digit (every Brazilian document and passport has one). */
export const isValidDocumento = (value: string) => /^(?=.*\d)[0-9A-Z]{4,20}$/.test(normalizeDocumento(value));

/**
 * A name compared at the gate: without accents, lower case, single spaces ("JOSÉ  da Silva" is
 * "jose da silva"). The SQL side of the comparison is `nomeComparavelSql` in the server.
 */
export const nomeComparavel = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
