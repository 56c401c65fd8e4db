/**
 * Names that look the same to a reader compare the same here: a small, explicit skeleton in the
 * spirit of Unicode's confusables (UTS #39), enough to keep a group from passing for another by
 * its look (docs/decisions/0005-limites-de-tentativas.md). No library: none is installed and
 * the Latin look-alikes are a short list.
 */

/** Cyrillic, Greek and other letters drawn like a Latin one, case by case (upper as upper). */
// prettier-ignore
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", У: "Y", Ү: "Y", І: "I", Ӏ: "I", Ј: "J", Ѕ: "S", Ԁ: "D", Ԛ: "Q", Ԝ: "W",
  а: "a", е: "e", о: "o", р: "p", с: "c", у: "y", ү: "y", х: "x", і: "i", ӏ: "l", ј: "j", ѕ: "s", ԁ: "d", һ: "h", ԛ: "q", ԝ: "w", ո: "n", ս: "u", օ: "o",
  // Greek
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  α: "a", ο: "o", ρ: "p", ι: "i", ν: "v", κ: "k", υ: "u", χ: "x", ϲ: "c", ϳ: "j",
  // Latin small capitals and other forms NFKD leaves alone
  ᴀ: "a", ʙ: "b", ᴄ: "c", ᴅ: "d", ᴇ: "e", ɪ: "i", ᴋ: "k", ʟ: "l", ᴍ: "m", ɴ: "n", ᴏ: "o", ᴘ: "p", ʀ: "r", ꜱ: "s", ᴛ: "t", ᴜ: "u", ɑ: "a", ı: "i", ȷ: "j", ɡ: "g", ǀ: "l",
};

/** Characters a reader cannot tell apart once lower case: l, 1, | and i; 0 and o. */
const SAME_STROKE: Record<string, string> = { l: "i", "1": "i", "|": "i", "!": "i", "0": "o" };

/** Letter pairs drawn like one letter ("rn" is "m"). */
const PAIRS: [RegExp, string][] = [
  [/rn/g, "m"],
  [/cl/g, "d"],
  [/vv/g, "w"],
];

/**
 * The skeleton of `text`: compatibility forms unfolded (NFKD: full-width, mathematical letters,
 * ligatures), accents and other combining marks, invisible characters (zero-width spaces and
 * joiners, soft hyphens, fillers), spaces and punctuation dropped, look-alikes mapped to Latin,
 * lower case.
 */
export function skeleton(text: string): string {
  const unfolded = text.normalize("NFKD").replace(/[\p{M}\p{Cf}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]/gu, "");
  const latin = [...unfolded]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join("")
    .toLowerCase();
  let paired = latin;
  for (const [pair, letter] of PAIRS) paired = paired.replace(pair, letter);
  return [...paired]
    .map((c) => SAME_STROKE[c] ?? c)
    .join("")
    .replace(/\p{P}/gu, "");
}

/** Whether two names read the same. */
export const looksLike = (a: string, b: string): boolean => skeleton(a) === skeleton(b);
