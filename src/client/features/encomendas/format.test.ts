import { describe, expect, it } from "vitest";
import { qrDaRetirada } from "@shared/schemas/encomendas";
import { retiradaPorTerceiro } from "@shared/schemas/encomendas";
import { aguardandoTexto, lerCodigoDigitado } from "./format";

describe("lerCodigoDigitado", () => {
  const unidade = "0b7c3c1e-2f64-4a55-9a1b-7d9e3f0c2a11";

  it("reads six digits as a code and the resident's QR as its unit and code", () => {
    expect(lerCodigoDigitado(" 123456 ")).toEqual({ codigo: "123456", forma: "codigo" });
    expect(lerCodigoDigitado(qrDaRetirada(unidade, "654321"))).toEqual({ codigo: "654321", forma: "qrcode", unidade_id: unidade });
  });

  it("reads nothing while the text is neither", () => {
    expect(lerCodigoDigitado("12345")).toBeNull();
    expect(lerCodigoDigitado("12345a")).toBeNull();
    expect(lerCodigoDigitado(`ENCOMENDA:${unidade}:12`)).toBeNull();
  });
});

describe("aguardandoTexto", () => {
  it("counts São Paulo's calendar days since the parcel came", () => {
    // 23:30 in São Paulo on the 1st is already the 2nd in UTC: still the 1st's parcel.
    expect(aguardandoTexto("2026-03-02T02:30:00Z", "2026-03-01")).toBe("Aguardando desde hoje");
    expect(aguardandoTexto("2026-03-02T02:30:00Z", "2026-03-02")).toBe("Aguardando há 1 dia");
    expect(aguardandoTexto("2026-03-01T15:00:00Z", "2026-03-06")).toBe("Aguardando há 5 dias");
  });
});

describe("retiradaPorTerceiro", () => {
  it("is a third party when the name is none of the addressees", () => {
    expect(retiradaPorTerceiro("ana  souza", ["Ana Souza"])).toBe(false);
    expect(retiradaPorTerceiro("Joao", ["João"])).toBe(false);
    expect(retiradaPorTerceiro("Carlos Lima", ["Ana Souza", "João"])).toBe(true);
    expect(retiradaPorTerceiro("  ", ["Ana Souza"])).toBe(false);
  });
});
