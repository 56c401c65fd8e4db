import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FABRICANTE_ROTULO } from "@shared/schemas/dispositivos";
import { MODOS_DE_INTEGRACAO, TIPOS_DE_IDENTIFICACAO, type DispositivoSimulado, type ModoDeIntegracao, type TipoDeIdentificacao } from "./simulado";

// The simulator's page (gate-operation-spec §2.6): one card per simulated device with its doors
// and faults, and buttons that act on it as a person at the gate or a technician would. Plain
// forms (no script needed to act), and a small script that refreshes the states every second.
//
// The same actions are a small JSON API for tests and scripts: `POST /dispositivos/<nome>/<acao>`
// with a JSON body (content-type application/json) answers 200 `{ ok: true, resultado, estado }`,
// or 400 `{ erro }`; a form post answers 303 to the page. Parameters come from the body or the query:
//   acionar {porta}           a remote relay pulse
//   forcar {porta}            the door opens with no pulse: its opening, then the 'forced' alarm
//   manter {porta}            the door opens and stays open: the 'held open' alarm after portaAbertaAlarmeMs
//   fechar {porta}            the door closes
//   identificar {tipo, valor, porta}  someone at the device: tipo face | cartao | qrcode | pin;
//                             resultado is the device's `{ concedido, mensagem }`
//   integracao {url, modo}    where the device reports (modo online | monitor | push, as its firmware
//                             offers: Control iD all three, Intelbras online; url "" turns it off)
//   duplicar {ativo?}         the next event is delivered twice (ativo "false"/false disarms)
//   perder {ativo?}           the next event's number is used and it is never sent
//   desconectar, conectar     off and back on the network
//   lento                     toggles 8 s answers (and 8 s late calls to the portal)
//   credenciais               toggles refusing the password
//   foto {ativo?}             the device finds no face in any photo (refuses it with its vendor's error)
//   remocao {ativo?}          the device answers OK to a removal and keeps the person
//   reiniciar                 a power cycle
// `GET /estado.json` gives every device's state, with how many people it holds and the first few
// (number, name, how many cards, whether it has a face; never a photo).

const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Parametros = Record<string, string>;

/** A bad request to the page: answered 400 with its text. */
class PedidoInvalido extends Error {}

const ROTULO_DA_IDENTIFICACAO: Record<TipoDeIdentificacao, string> = { face: "Rosto", cartao: "Cartão", qrcode: "QR code", pin: "PIN" };
const ROTULO_DO_MODO: Record<ModoDeIntegracao, string> = {
  online: "Online (o portal decide)",
  monitor: "Monitor (o aparelho decide e relata)",
  push: "Push (como o monitor, e busca os comandos no portal)",
};

function portaDe(d: DispositivoSimulado, p: Parametros): number {
  const porta = Number(p.porta ?? 1);
  if (!d.portas.has(porta)) throw new PedidoInvalido(`Porta inexistente: ${p.porta}`);
  return porta;
}

const armar = (p: Parametros) => p.ativo !== "false";

/** How many of the people a device holds the page lists (the count is always shown). */
const PESSOAS_LISTADAS = 5;

function pessoasDe(d: DispositivoSimulado): string {
  const nome = escapar(d.opcoes.nome);
  const lista = [...d.pessoas.values()]
    .slice(0, PESSOAS_LISTADAS)
    .map(
      (p) =>
        `<li>${escapar(p.id)} — ${escapar(p.nome)} · ${p.cartoes.length} ${p.cartoes.length === 1 ? "cartão" : "cartões"} · ${p.face ? "com rosto" : "sem rosto"}</li>`,
    )
    .join("");
  const resto = d.pessoas.size > PESSOAS_LISTADAS ? ` (as ${PESSOAS_LISTADAS} primeiras)` : "";
  return `<p>Pessoas no aparelho: <strong data-pessoas="${nome}">${d.pessoas.size}</strong>${d.pessoas.size ? resto : ""}</p>${lista ? `<ul>${lista}</ul>` : ""}`;
}

/** What each action does; the form posts to /dispositivos/<nome>/<acao>. */
const ACOES: Record<string, (d: DispositivoSimulado, p: Parametros) => unknown> = {
  acionar: (d, p) => d.acionar(portaDe(d, p)),
  forcar: (d, p) => d.forcarPorta(portaDe(d, p)),
  manter: (d, p) => d.manterAberta(portaDe(d, p)),
  fechar: (d, p) => d.fecharPorta(portaDe(d, p)),
  identificar: (d, p) => {
    const tipo = p.tipo as TipoDeIdentificacao;
    if (!TIPOS_DE_IDENTIFICACAO.includes(tipo)) throw new PedidoInvalido(`Forma de identificação inválida: ${p.tipo}`);
    if (!p.valor) throw new PedidoInvalido("Informe o valor da identificação.");
    return d.identificar({ tipo, valor: p.valor }, portaDe(d, p));
  },
  integracao: (d, p) => {
    try {
      const modo = (p.modo || "online") as ModoDeIntegracao;
      if (!MODOS_DE_INTEGRACAO.includes(modo)) throw new PedidoInvalido(`Modo de integração inválido: ${p.modo}`);
      d.integracao = p.url ? { url: p.url, modo } : null;
    } catch (error) {
      throw new PedidoInvalido(error instanceof Error ? error.message : String(error));
    }
    return d.integracao;
  },
  duplicar: (d, p) => (d.duplicarProximo = armar(p)),
  perder: (d, p) => (d.perderProximo = armar(p)),
  desconectar: (d) => d.desconectar(),
  conectar: (d) => {
    d.offline = false;
  },
  lento: (d) => {
    d.atrasoMs = d.atrasoMs ? 0 : 8000;
  },
  credenciais: (d) => {
    d.recusarCredenciais = !d.recusarCredenciais;
  },
  foto: (d, p) => (d.recusarFoto = p.ativo === undefined ? !d.recusarFoto : armar(p)),
  remocao: (d, p) => (d.naoRemover = p.ativo === undefined ? !d.naoRemover : armar(p)),
  reiniciar: (d) => d.reiniciar(),
};

const estadoDe = (d: DispositivoSimulado) => ({
  nome: d.opcoes.nome,
  fabricante: d.opcoes.fabricante,
  modelo: d.opcoes.modelo,
  endereco: d.endereco,
  offline: d.offline,
  lento: d.atrasoMs > 0,
  recusaCredenciais: d.recusarCredenciais,
  portas: Object.fromEntries(d.portas),
  aberturas: d.aberturas.length,
  ultimosRegistros: d.registros.slice(-5).reverse(),
  integracao: d.integracao,
  ultimaMensagem: d.ultimaMensagem,
  duplicarProximo: d.duplicarProximo,
  perderProximo: d.perderProximo,
  enviosEntregues: d.enviosEntregues,
  enviosFalhos: d.enviosFalhos,
  ultimaFalhaDeEnvio: d.ultimaFalhaDeEnvio,
  recusaFoto: d.recusarFoto,
  naoRemove: d.naoRemover,
  pessoas: d.pessoas.size,
  primeirasPessoas: [...d.pessoas.values()].slice(0, PESSOAS_LISTADAS).map((p) => ({ id: p.id, nome: p.nome, cartoes: p.cartoes.length, face: p.face })),
});

export function estadoDosDispositivos(dispositivos: DispositivoSimulado[]) {
  return dispositivos.map(estadoDe);
}

function cartao(d: DispositivoSimulado): string {
  const nome = escapar(d.opcoes.nome);
  const acao = (nomeDaAcao: string) => `/dispositivos/${encodeURIComponent(d.opcoes.nome)}/${nomeDaAcao}`;
  const botao = (nomeDaAcao: string, rotulo: string, porta = 1) =>
    `<form method="post" action="${acao(nomeDaAcao)}?porta=${porta}"><button>${escapar(rotulo)}</button></form>`;
  const campo = (id: string) => `${nome}-${id}`;
  const portas = [...d.portas.keys()]
    .map(
      (porta) =>
        `<li>Porta ${porta}: <strong data-porta="${nome}:${porta}">${d.portas.get(porta)}</strong> ${botao("acionar", `Pulsar relé ${porta}`, porta)} ${botao("forcar", `Forçar porta ${porta}`, porta)} ${botao("manter", `Manter aberta ${porta}`, porta)} ${botao("fechar", `Fechar ${porta}`, porta)}</li>`,
    )
    .join("");
  const opcoesDePorta = [...d.portas.keys()].map((porta) => `<option value="${porta}">Porta ${porta}</option>`).join("");
  const tipos = TIPOS_DE_IDENTIFICACAO.map((tipo) => `<option value="${tipo}">${ROTULO_DA_IDENTIFICACAO[tipo]}</option>`).join("");
  // The modes its firmware offers (Intelbras has only Modo Online; its list offers only that).
  const modos = d.modos.map((modo) => `<option value="${modo}"${d.integracao?.modo === modo ? " selected" : ""}>${ROTULO_DO_MODO[modo]}</option>`).join("");
  const integracao = d.integracao;
  return `<section aria-labelledby="t-${nome}"><h2 id="t-${nome}">${nome} — ${FABRICANTE_ROTULO[d.opcoes.fabricante]} ${escapar(d.opcoes.modelo)}</h2>
<p>Endereço: <code>${escapar(d.endereco)}</code> · usuário <code>${escapar(d.opcoes.usuario)}</code> · série <code>${escapar(d.opcoes.serie)}</code></p>
<ul>${portas}</ul>
<form class="bloco" method="post" action="${acao("identificar")}"><fieldset><legend>Identificar alguém no aparelho</legend>
<label for="${campo("tipo")}">Forma</label> <select id="${campo("tipo")}" name="tipo">${tipos}</select>
<label for="${campo("valor")}">Valor (usuário do aparelho, cartão, QR code ou PIN)</label> <input id="${campo("valor")}" name="valor" required>
<label for="${campo("porta")}">Porta</label> <select id="${campo("porta")}" name="porta">${opcoesDePorta}</select>
<button>Identificar</button></fieldset></form>
<p>Tela do aparelho: <output data-mensagem="${nome}" aria-live="polite">${escapar(d.ultimaMensagem ?? "—")}</output></p>
<form class="bloco" method="post" action="${acao("integracao")}"><fieldset><legend>Integração com o portal</legend>
<label for="${campo("url")}">Endereço de integração (url_integracao do portal; vazio desliga)</label> <input id="${campo("url")}" name="url" type="url" size="60" value="${escapar(integracao?.url ?? "")}">
<label for="${campo("modo")}">Modo</label> <select id="${campo("modo")}" name="modo">${modos}</select>
<button>Salvar integração</button></fieldset></form>
<p>Envios ao portal: <strong data-entregues="${nome}">${d.enviosEntregues}</strong> entregues, <strong data-falhos="${nome}">${d.enviosFalhos}</strong> falharam${d.ultimaFalhaDeEnvio ? ` (último motivo: ${escapar(d.ultimaFalhaDeEnvio)})` : ""}.</p>
<p>Falhas: ${botao(d.offline ? "conectar" : "desconectar", d.offline ? "Voltar à rede" : "Tirar da rede")} ${botao("lento", d.atrasoMs ? "Responder normalmente" : "Responder devagar (8 s)")} ${botao("credenciais", d.recusarCredenciais ? "Aceitar a senha" : "Recusar a senha")} ${botao("reiniciar", "Reiniciar")} ${botao("foto", d.recusarFoto ? "Aceitar as fotos" : "Recusar as fotos (sem rosto)")} ${botao("remocao", d.naoRemover ? "Remover de verdade" : "Manter a pessoa ao remover (e responder OK)")} ${botao("duplicar", d.duplicarProximo ? "Entregar o próximo evento duas vezes (armado)" : "Entregar o próximo evento duas vezes")} ${botao("perder", d.perderProximo ? "Perder o próximo evento (armado)" : "Perder o próximo evento")}</p>
<p>Aberturas pelo relé: <strong data-aberturas="${nome}">${d.aberturas.length}</strong></p>
${pessoasDe(d)}</section>`;
}

function pagina(dispositivos: DispositivoSimulado[]): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulador de dispositivos</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem;max-width:60rem}section{border:1px solid #999;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}form{display:inline}form.bloco{display:block;margin:.5rem 0}fieldset{border:1px solid #ccc;border-radius:6px}label{margin-left:.4rem}button{margin:.15rem;padding:.35rem .6rem;font:inherit}input,select{font:inherit}</style></head>
<body><h1>Simulador de dispositivos</h1><p>Dispositivos Control iD e Intelbras falando o protocolo de cada fabricante. Cadastre cada um no portal com o endereço, o usuário e a senha mostrados; para que relatem ao portal, informe o endereço de integração que o portal mostra.</p>
${dispositivos.map(cartao).join("\n")}
<script>const q=(a,v)=>document.querySelector('['+a+'="'+CSS.escape(v)+'"]');setInterval(async()=>{try{const r=await fetch('/estado.json');for(const d of await r.json()){for(const[p,e]of Object.entries(d.portas)){const el=q('data-porta',d.nome+':'+p);if(el)el.textContent=e;}for(const[a,v]of[['data-aberturas',d.aberturas],['data-mensagem',d.ultimaMensagem??'—'],['data-entregues',d.enviosEntregues],['data-falhos',d.enviosFalhos],['data-pessoas',d.pessoas]]){const el=q(a,d.nome);if(el&&el.textContent!==String(v))el.textContent=v;}}}catch{}},1000);</script>
</body></html>`;
}

/** The request's parameters: the query's, then the body's (JSON or a form). */
async function parametrosDe(req: IncomingMessage, url: URL, json: boolean): Promise<Parametros> {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  const texto = Buffer.concat(partes).toString("utf8");
  const parametros: Parametros = Object.fromEntries(url.searchParams);
  if (json && texto) {
    let corpo: unknown;
    try {
      corpo = JSON.parse(texto);
    } catch {
      throw new PedidoInvalido("JSON inválido.");
    }
    if (!corpo || typeof corpo !== "object" || Array.isArray(corpo)) throw new PedidoInvalido("O corpo deve ser um objeto JSON.");
    for (const [chave, valor] of Object.entries(corpo)) if (valor !== null && valor !== undefined) parametros[chave] = String(valor);
  } else if (texto) Object.assign(parametros, Object.fromEntries(new URLSearchParams(texto)));
  return parametros;
}

export async function iniciarPainel(dispositivos: DispositivoSimulado[], porta = 0, host = "127.0.0.1"): Promise<{ endereco: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://simulador");
    if (req.method === "GET" && url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(pagina(dispositivos));
    }
    if (req.method === "GET" && url.pathname === "/estado.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(estadoDosDispositivos(dispositivos)));
    }
    const m = /^\/dispositivos\/([^/]+)\/(\w+)$/.exec(url.pathname);
    const dispositivo = m && dispositivos.find((d) => d.opcoes.nome === decodeURIComponent(m[1]!));
    const acao = m && Object.hasOwn(ACOES, m[2]!) ? ACOES[m[2]!] : undefined;
    if (req.method === "POST" && dispositivo && acao) {
      const json = (req.headers["content-type"] ?? "").startsWith("application/json");
      try {
        const resultado = await acao(dispositivo, await parametrosDe(req, url, json));
        if (!json) {
          res.writeHead(303, { location: "/" });
          return res.end();
        }
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ ok: true, resultado: resultado ?? null, estado: estadoDe(dispositivo) }));
      } catch (error) {
        const status = error instanceof PedidoInvalido ? 400 : 500;
        const mensagem = error instanceof Error ? error.message : String(error);
        res.writeHead(status, { "content-type": json ? "application/json" : "text/plain; charset=utf-8" });
        return res.end(json ? JSON.stringify({ erro: mensagem }) : mensagem);
      }
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Não encontrado.");
  });
  await new Promise<void>((resolve) => server.listen(porta, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { endereco: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`, server };
}
