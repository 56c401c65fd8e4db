import { describe, expect, it } from "vitest";
import { filtrarUnidades } from "./unidades";

const UNIDADES = [
  { id: "1", bloco: "A", numero_unidade: "101" },
  { id: "2", bloco: "A", numero_unidade: "1012" },
  { id: "3", bloco: "Bloco B", numero_unidade: "101" },
  { id: "4", bloco: null, numero_unidade: "7" },
  { id: "5", bloco: "Torre 2", numero_unidade: "1101" },
];
const ids = (texto: string) => filtrarUnidades(UNIDADES, texto).map((u) => u.id);

describe("filtrarUnidades", () => {
  it("finds a unit typed as at the console, the exact number first", () => {
    expect(ids("101")).toEqual(["1", "3", "2", "5"]);
    expect(ids("A 101")).toEqual(["1", "2"]);
    expect(ids("a-101")).toEqual(["1", "2"]);
    expect(ids("Bloco B - 101")).toEqual(["3"]);
    expect(ids("b 101")).toEqual(["3"]);
    expect(ids("7")).toEqual(["4"]);
  });

  it("lists every unit for an empty text and matches a label by part otherwise", () => {
    expect(ids("  ")).toEqual(["1", "2", "3", "4", "5"]);
    expect(ids("torre")).toEqual(["5"]);
    expect(ids("999")).toEqual([]);
  });
});
