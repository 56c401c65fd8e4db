import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { criarControlId } from "./controlid";
import { criarIntelbras } from "./intelbras";
import { iniciarPainel } from "./painel";
import { PortalFalso } from "./portal-falso";
import type { DispositivoSimulado } from "./simulado";

// The control page drives the devices as a person or a technician would: its JSON endpoints (for
// tests and scripts) and its forms, each field labelled.

let portal: PortalFalso;
let painel: { endereco: string; server: Server };
let idface: DispositivoSimulado;
let garagem: DispositivoSimulado;

beforeEach(async () => {
  portal = await PortalFalso.iniciar();
  idface = criarControlId({ nome: "idface-social", modelo: "iDFace", serie: "0M0100/000101", portaMoveMs: 5, portaAbertaMs: 30, vidaMs: 0, pushMs: 20 });
  garagem = criarIntelbras({ nome: "ss3530-garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", portas: 2, vidaMs: 0 });
  await idface.ligar();
  await garagem.ligar();
  painel = await iniciarPainel([idface, garagem]);
});

afterEach(async () => {
  await Promise.all([idface.desligar(), garagem.desligar(), portal.fechar()]);
  await new Promise<void>((resolve) => painel.server.close(() => resolve()));
});

const postar = async (nome: string, acao: string, corpo: unknown = {}) => {
  const resposta = await fetch(`${painel.endereco}/dispositivos/${nome}/${acao}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(corpo),
  });
  return { status: resposta.status, corpo: (await resposta.json()) as { ok?: true; resultado?: unknown; erro?: string; estado?: Record<string, unknown> } };
};

describe("painel: JSON endpoints", () => {
  it("sets the integration, identifies someone and shows the device's screen", async () => {
    expect((await postar("idface-social", "integracao", { url: portal.url("controlid"), modo: "monitor" })).corpo.resultado).toEqual({
      url: portal.url("controlid"),
      modo: "monitor",
    });
    const { status, corpo } = await postar("idface-social", "identificar", { tipo: "cartao", valor: "123", porta: 1 });
    expect(status).toBe(200);
    expect(corpo.resultado).toEqual({ concedido: false, mensagem: "Não identificado" });
    expect(corpo.estado).toMatchObject({ ultimaMensagem: "Não identificado", integracao: { modo: "monitor" } });
    await expect.poll(() => portal.em("/api/notifications/dao").length).toBe(1);

    const estado = (await (await fetch(`${painel.endereco}/estado.json`)).json()) as { nome: string; ultimaMensagem: string | null; enviosEntregues: number }[];
    expect(estado.find((d) => d.nome === "idface-social")).toMatchObject({ ultimaMensagem: "Não identificado", enviosEntregues: 1 });
  });

  it("forces, holds and closes a door, and arms the faults", async () => {
    await postar("ss3530-garagem", "integracao", { url: portal.url("intelbras"), modo: "online" });
    expect((await postar("ss3530-garagem", "perder")).corpo.estado).toMatchObject({ perderProximo: true });
    expect((await postar("ss3530-garagem", "duplicar")).corpo.estado).toMatchObject({ duplicarProximo: true });
    expect((await postar("ss3530-garagem", "forcar", { porta: 2 })).corpo.resultado).toBe(true);
    expect(garagem.portas.get(2)).toBe("aberta");
    await postar("ss3530-garagem", "fechar", { porta: 2 });
    await postar("ss3530-garagem", "manter", { porta: 1 });
    expect([...garagem.portas.values()]).toEqual(["aberta", "fechada"]);
    await garagem.aguardarEnvios();
    // The opening was lost, the alarm delivered twice, then the closing and the other door's opening.
    expect(portal.pedidos).toHaveLength(4);
    await postar("ss3530-garagem", "desconectar");
    expect(garagem.offline).toBe(true);
    await postar("ss3530-garagem", "conectar");
    expect(garagem.offline).toBe(false);
  });

  it("sets Control iD push mode: the device starts fetching the portal's commands", async () => {
    expect((await postar("idface-social", "integracao", { url: portal.url("controlid"), modo: "push" })).corpo.estado).toMatchObject({
      integracao: { url: portal.url("controlid"), modo: "push" },
    });
    await expect.poll(() => portal.em("/push").length).toBeGreaterThan(0);
    expect(await postar("idface-social", "integracao", { url: portal.url("controlid"), modo: "qualquer" })).toMatchObject({
      status: 400,
      corpo: { erro: expect.stringMatching(/qualquer/) },
    });
    expect(await postar("ss3530-garagem", "integracao", { url: portal.url("intelbras"), modo: "push" })).toMatchObject({ status: 400 });
  });

  it("arms the sync faults, and shows how many people the device holds and the first few, never a photo", async () => {
    expect((await postar("idface-social", "foto")).corpo.estado).toMatchObject({ recusaFoto: true });
    expect(idface.recusarFoto).toBe(true);
    expect((await postar("idface-social", "foto", { ativo: false })).corpo.estado).toMatchObject({ recusaFoto: false });
    expect((await postar("ss3530-garagem", "remocao")).corpo.estado).toMatchObject({ naoRemove: true });
    expect(garagem.naoRemover).toBe(true);
    expect((await postar("ss3530-garagem", "remocao")).corpo.estado).toMatchObject({ naoRemove: false });

    for (let i = 1; i <= 7; i++)
      idface.pessoas.set(String(i), {
        id: String(i),
        nome: i === 1 ? "Ana <Souza>" : `Pessoa ${i}`,
        cartoes: i === 1 ? ["998877"] : [],
        face: i === 1,
        foto: { sha256: "ab".repeat(32), bytes: 4000 },
      });
    const estado = (await (await fetch(`${painel.endereco}/estado.json`)).json()) as Record<string, unknown>[];
    const doIdface = estado.find((d) => d.nome === "idface-social")!;
    expect(doIdface.pessoas).toBe(7);
    expect(doIdface.primeirasPessoas).toHaveLength(5);
    expect((doIdface.primeirasPessoas as unknown[])[0]).toEqual({ id: "1", nome: "Ana <Souza>", cartoes: 1, face: true });
    expect(JSON.stringify(estado)).not.toContain("ab".repeat(32));

    const html = await (await fetch(painel.endereco)).text();
    expect(html).toContain('Pessoas no aparelho: <strong data-pessoas="idface-social">7</strong> (as 5 primeiras)');
    expect(html).toContain("<li>1 — Ana &#60;Souza&#62; · 1 cartão · com rosto</li>");
    expect(html).not.toContain("Pessoa 6");
    expect(html).toContain('Pessoas no aparelho: <strong data-pessoas="ss3530-garagem">0</strong></p>');
  });

  it("answers 400 with the reason to a bad request", async () => {
    expect(await postar("ss3530-garagem", "integracao", { url: portal.url("intelbras"), modo: "monitor" })).toMatchObject({
      status: 400,
      corpo: { erro: expect.stringMatching(/monitor/) },
    });
    expect(await postar("idface-social", "identificar", { tipo: "iris", valor: "1" })).toMatchObject({
      status: 400,
      corpo: { erro: expect.stringMatching(/iris/) },
    });
    expect(await postar("idface-social", "forcar", { porta: 7 })).toMatchObject({ status: 400, corpo: { erro: "Porta inexistente: 7" } });
    expect((await fetch(`${painel.endereco}/dispositivos/idface-social/toString`, { method: "POST" })).status).toBe(404);
  });
});

describe("painel: the page", () => {
  it("labels every field, offers Intelbras only the online mode, and its forms act", async () => {
    const html = await (await fetch(painel.endereco)).text();
    const campos = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]!);
    expect(campos.length).toBeGreaterThanOrEqual(10);
    for (const id of campos) expect(html).toContain(`<label for="${id}">`);
    expect(html.match(/<(?:input|select)\b/g)!.length).toBe(campos.length);
    const modosDaGaragem = /id="ss3530-garagem-modo"[^>]*>(.*?)<\/select>/.exec(html)![1]!;
    expect(modosDaGaragem).not.toContain('value="monitor"');
    expect(modosDaGaragem).not.toContain('value="push"');
    const modosDoIdface = /id="idface-social-modo"[^>]*>(.*?)<\/select>/.exec(html)![1]!;
    expect([...modosDoIdface.matchAll(/value="(\w+)"/g)].map((m) => m[1])).toEqual(["online", "monitor", "push"]);

    const resposta = await fetch(`${painel.endereco}/dispositivos/idface-social/identificar`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ tipo: "face", valor: "15", porta: "1" }),
      redirect: "manual",
    });
    expect(resposta.status).toBe(303);
    expect(idface.ultimaMensagem).toBe("Não identificado");
    expect(await (await fetch(painel.endereco)).text()).toContain(">Não identificado</output>");
  });
});
