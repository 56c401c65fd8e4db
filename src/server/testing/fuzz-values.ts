import fc from "fast-check";

// The fuzzer's values (src/server/fuzz.test.ts): hostile and valid text, bad strings, dates, ids,
// and what each body field with a format of its own refuses. A field's other values follow from
// its route's schema (route-fields.ts).

/** Text that is valid anywhere text is: it must be stored as it is, not interpreted. */
export const HOSTILE_TEXT = [
  "'; drop table portaria_web_condominios; --",
  "Robert'); DELETE FROM portaria_web_moradores;--",
  "1' or '1'='1",
  '" or 1=1 --',
  "$1 $$ \\x00 %_% \\",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(document.cookie)>",
  '"><svg/onload=alert(1)>',
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7} #{7*7}",
  "../../../etc/passwd",
  "\u202Eoãçé\u202C 👩‍👩‍👧 ﷽ 𝕏",
  "null",
  "undefined",
  "NaN",
];

/** Free text as a form would send it: trimmed, not blank, no NUL, at most `max` UTF-16 units. */
export const text = (max: number) =>
  fc
    .oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: Math.max(1, Math.floor(max / 2)) }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: Math.max(1, Math.floor(max / 4)) }),
      fc.constantFrom(...HOSTILE_TEXT),
      // Exactly at the limit.
      fc.string({ unit: fc.constantFrom("a", "ç", "中", "\u00a0", "<", "'"), minLength: max, maxLength: max }),
    )
    .map((s) => s.replaceAll("\u0000", "").trim())
    .filter((s) => s.length > 0 && s.length <= max);

/** Longer than any field allows (5000 is the longest limit), well under the body limit. */
const huge = fc.tuple(fc.integer({ min: 5001, max: 20_000 }), fc.constantFrom("a", "ç", "中", "😀", "<b>")).map(([n, c]) => c.repeat(n).slice(0, n));
export const overMax = (max: number) =>
  fc.tuple(fc.integer({ min: max + 1, max: max + 300 }), fc.constantFrom("a", "ç", "中", "x'")).map(([n, c]) => c.repeat(n).slice(0, n));
export const withNul = fc.tuple(text(20), text(20)).map(([a, b]) => `${a}\u0000${b}`);
export const loneSurrogate = fc
  .tuple(fc.oneof(fc.constant(""), text(10)), fc.integer({ min: 0xd800, max: 0xdfff }), fc.oneof(fc.constant(""), text(10)))
  .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`);
/** Strings no string field accepts. */
export const badString = fc.oneof(withNul, loneSurrogate, huge);
export const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.constantFrom(...HOSTILE_TEXT), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.constantFrom(...HOSTILE_TEXT), { maxKeys: 3 }),
  fc.constant([["aninhado"]]),
);

const INVALID_DATES = [
  "0000-00-00",
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-10",
  "2026-04-31",
  "1899-12-31",
  "2101-01-01",
  "99999-01-01",
  "+02026-01-01",
  "2026-1-1",
  "01/02/2026",
  "2026-02-30T10:00:00Z",
  "2026-01-01'; drop table x;--",
];
export const invalidDate = fc.oneof(
  fc.constantFrom(...INVALID_DATES),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`)
    .filter((v) => {
      const date = new Date(`${v}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v || v < "1900-01-01" || v > "2100-12-31";
    }),
);

/** Words none of `words` is: what an enum refuses. */
export const notWord = (words: readonly string[]) =>
  fc
    .oneof(fc.constantFrom("", "admin", "CARRO", " ativo", "ativo ", "todos", "Proprietário", ...HOSTILE_TEXT), fc.string({ maxLength: 20 }))
    .filter((v) => !words.includes(v));
export const notUuid = fc.oneof(
  fc.constantFrom("todos", "geral", "0", "00000000-0000-0000-0000-00000000000g", "{00000000-0000-4000-8000-000000000000}", ...HOSTILE_TEXT),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== "" && !/^[0-9a-f-]{36}$/i.test(s)),
);
/** Valid UUIDs of nothing: refused as an unknown reference. */
export const unknownUuid = fc.uuid({ version: 4 });

/**
 * What each body field with a format of its own refuses, besides the wrong types and bad strings
 * every field refuses; these fields are not free text (route-fields.ts). Every other field's
 * invalid values follow from its schema: its type, length, range, words or uuid.
 */
/** Not an 'HH:mm' of a 24-hour clock. */
const horaInvalida = fc.constantFrom("25:00", "24:00", "7:00", "12:60", "1200", "ab:cd", ...HOSTILE_TEXT);

export const FORMATTED_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  cnpj: fc.constantFrom("11.222.333/0001-82", "12345678901234", "abc", "11.111.111/1111-11", ...HOSTILE_TEXT),
  cpf: fc.constantFrom("123.456.789-00", "111.111.111-11", "1234567890", "abc", ...HOSTILE_TEXT),
  cnpj_cpf: fc.constantFrom("123.456.789-00", "11.222.333/0001-82", "123", ...HOSTILE_TEXT),
  cep: fc.constantFrom("123", "1234567", "123456789", "abcdefgh", "01001 000 x", ...HOSTILE_TEXT),
  telefone: fc.constantFrom("123", "(11) 1234", "(00) 91234-5678", "abcdefghijk", ...HOSTILE_TEXT),
  telefone_celular: fc.constantFrom("123", "(11) 1234", "(11) 81234-56789", "abcdefghijk", ...HOSTILE_TEXT),
  email: fc.constantFrom("sem-arroba", "a@", "@b.com", "a b@c.com", "<script>@x.com", ...HOSTILE_TEXT),
  estado: fc.constantFrom("XX", "ZZ", "SPP", "S", "s p", "1", ...HOSTILE_TEXT),
  sindico_contato: fc.constantFrom("ninguém", "123", "a@", ...HOSTILE_TEXT),
  placa: fc.constantFrom("ABC", "1234ABC", "ABCD1234", "AB-12345", "", ...HOSTILE_TEXT),
  senha: fc.oneof(fc.constantFrom("", "12345", "a"), overMax(128)),
  novaSenha: fc.oneof(fc.constantFrom("", "12345"), overMax(128)),
  senhaAtual: fc.oneof(fc.constantFrom("senha-errada-1", "x"), overMax(128)),
  confirmacao: fc.constantFrom("outra-senha-1", "", "Sentinela#Portaria-2025"),
  nome_permissao: fc.oneof(fc.constantFrom("ação!", "drop table;", "<b>x</b>", "a-b", "   ", ""), overMax(100)),
  path: fc.oneof(fc.constantFrom("/outro", "portaria-web", "/portaria-webx", "javascript:alert(1)", "https://mal.example/portaria-web"), overMax(300)),
  data_nascimento: fc.oneof(invalidDate, fc.constant("2999-01-01")),
  data_inicio_autorizacao: invalidDate,
  data_fim_autorizacao: invalidDate,
  // A period of the access records: 'de' before 2010, 'ate' after, so that any two are in order.
  de: invalidDate,
  ate: invalidDate,
  // A device's doors (dispositivos): 1 to 8, each with a distinct number, a name and a direction.
  portas: fc.constantFrom(
    [],
    "porta",
    [{}],
    [{ numero: 0, nome: "Portão", sentido: "entrada" }],
    [{ numero: 1, nome: "", sentido: "entrada" }],
    [{ numero: 1, nome: "Portão", sentido: "lateral" }],
    [
      { numero: 1, nome: "A", sentido: "entrada" },
      { numero: 1, nome: "B", sentido: "saida" },
    ],
    Array.from({ length: 9 }, (_, i) => ({ numero: (i % 8) + 1, nome: `P${i}`, sentido: "entrada" })),
  ),
  // An answer link's token (notificacoes/links.ts): anything the portal did not sign is no link.
  token: fc.constantFrom("", "abc", "x.y", "00000000-0000-4000-8000-000000000000.AAAA", "x".repeat(301), ...HOSTILE_TEXT),
  // A resident's hours (notificacoes/preferencias): 'HH:mm', 24 h.
  silencio_de: horaInvalida,
  silencio_ate: horaInvalida,
  regra_de: horaInvalida,
  regra_ate: horaInvalida,
  // A browser's Web Push keys (notificacoes/push-routes): both, non-empty, bounded.
  keys: fc.constantFrom("chaves", 1, [], {}, { p256dh: "a" }, { p256dh: "", auth: "b" }, { p256dh: "a", auth: "x".repeat(101) }),
  // A command's idempotency key (comandos): 8 to 100 of [A-Za-z0-9_-].
  chave_idempotencia: fc.oneof(fc.constantFrom("", "curta", "com espaço e acento-ç", "a/b\\c;d", "x".repeat(101)), withNul),
  pessoa: fc.constantFrom(
    {},
    { tipo: "x" },
    { tipo: "morador" },
    { tipo: "morador", morador_id: "x" },
    { tipo: "prestador", morador_id: "00000000-0000-4000-8000-000000000000" },
  ),
  // The typed 'Autorizado por' of a unit with no resident (the sample's unit has one: any name is refused there too).
  autorizado_por_nome: fc.oneof(overMax(200), withNul, text(50)),
  liberar_mesmo_assim: fc.constantFrom({}, { autorizado_por: "" }, { autorizado_por: "   " }, { autorizado_por: 1 }),
  documento_numero: fc.oneof(fc.constantFrom("1", "ab", "---", "abcdef", "12 3", "null", "NaN", "123456789012345678901"), overMax(30)),
  // The document of who is at the gate when the console asks a resident (gate-operation-spec §3.3): the same rule.
  documento: fc.oneof(fc.constantFrom("1", "ab", "---", "12 3", "null", "NaN", "123456789012345678901"), overMax(30)),
  valido_ate: fc.oneof(invalidDate, fc.constantFrom("2000-01-01", "2020-12-31")),
  // Visitors' pre-authorisations (gatehouse-spec §4); the sample is a recurring one, Mondays and Thursdays 08:00–17:00.
  valido_de: fc.oneof(invalidDate, fc.constant("")),
  dias_semana: fc.constantFrom([], [7], [-1], [1.5], ["1"], [1, 2, 3, 4, 5, 6, 0, 1], null, "1,4"),
  hora_inicio: fc.constantFrom("24:00", "8:00", "08:60", "0800", "aa:bb", "18:00", "", null),
  hora_fim: fc.constantFrom("24:00", "7:00", "17:60", "1700", "aa:bb", "07:00", "08:00", "", null),
  // A resident's card or tag (biometria, decision 0267): 1 to 20 digits, not zero.
  numero: fc.constantFrom("", "0", "000", "12-34", "ABCDEF", "1 2", "1".repeat(21), "١٢٣", "12e3", null, ...HOSTILE_TEXT),
  // A parcel's pickup code (gate-operation-spec §4): six digits, as typed or read from the QR.
  codigo: fc.constantFrom("", "12345", "1234567", "12 345", "abcdef", "١٢٣٤٥٦", "12345a", 123456, ...HOSTILE_TEXT),
  // Who takes a parcel: a document of 4 to 20 letters and digits, as at the gate.
  retirada_por_documento: fc.oneof(fc.constantFrom("1", "ab", "---", "12 3", "null", "NaN", "123456789012345678901"), overMax(30)),
};
