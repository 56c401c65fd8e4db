import { describe, expect, it } from "vitest";
import { looksLike, skeleton } from "./confusables";

describe("skeleton", () => {
  it.each([
    ["Administrador", "plain"],
    ["administrador", "lower case"],
    ["ADMINISTRADOR", "upper case"],
    [" Administrador ", "outer spaces"],
    ["Admin istrador", "a space inside"],
    ["Admin\u00A0istrador", "a no-break space"],
    ["\u0410dministrador", "Cyrillic А"],
    ["Administr\u0430d\u043Er", "Cyrillic а and о"],
    ["Administrad\u03BFr", "Greek omicron"],
    ["\u0391dministrador", "Greek Alpha"],
    ["Adm\u200Binistrador", "a zero-width space"],
    ["Admini\u200Dstrador\u2060", "a zero-width joiner and a word joiner"],
    ["Adminis\u00ADtrador", "a soft hyphen"],
    ["\uFEFFAdministrador", "a byte order mark"],
    ["Administradór", "an accent"],
    ["A\u0301dministrador", "a combining accent"],
    ["Ａｄｍｉｎｉｓｔｒａｄｏｒ", "full-width letters"],
    ["𝐀𝐝𝐦𝐢𝐧𝐢𝐬𝐭𝐫𝐚𝐝𝐨𝐫", "mathematical bold letters"],
    ["ADMlNISTRADOR", "a lower-case l for an I"],
    ["Adm1nistrad0r", "digits for letters"],
    ["Adrninistrador", "rn for m"],
    ["Aclministrador", "cl for d"],
    ["Admin-istrador", "a hyphen"],
    ["\u0410dm\u0456n\u0456\u0455tr\u0430d\u043Er", "mostly Cyrillic"],
  ])("reads %j (%s) as Administrador", (name) => {
    expect(looksLike(name, "Administrador")).toBe(true);
  });

  it.each(["Administradores", "Administração", "Admin", "Síndicos", "Porteiros", "Administrador 2"])("tells %j apart", (name) => {
    expect(looksLike(name, "Administrador")).toBe(false);
  });

  it("is the lower-case Latin word for a plain name", () => {
    expect(skeleton("Síndicos do Bloco A")).toBe("sindicosdobiocoa");
  });
});
