import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FABRICANTE_ROTULO } from "@shared/schemas/dispositivos";
import type { DispositivoSimulado } from "./simulado";

// The simulator's page (gate-operation-spec §2.6): one card per simulated device with its doors
// and faults, and buttons that act on it as a person at the gate or a technician would. Plain
// forms (no script needed to act), and a small script that refreshes the states every second.

const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What each button does; the form posts to /dispositivos/<nome>/<acao>. */
const ACOES: Record<string, (d: DispositivoSimulado, porta: number) => void> = {
  abrir: (d, porta) => d.moverPorta(porta, "aberta"),
  fechar: (d, porta) => d.moverPorta(porta, "fechada"),
  acionar: (d, porta) => void d.acionar(porta),
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
  reiniciar: (d) => d.reiniciar(),
};

export function estadoDosDispositivos(dispositivos: DispositivoSimulado[]) {
  return dispositivos.map((d) => ({
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
  }));
}

function pagina(dispositivos: DispositivoSimulado[]): string {
  const cartoes = dispositivos
    .map((d) => {
      const nome = escapar(d.opcoes.nome);
      const botao = (acao: string, rotulo: string, porta = 1) =>
        `<form method="post" action="/dispositivos/${encodeURIComponent(d.opcoes.nome)}/${acao}?porta=${porta}"><button>${escapar(rotulo)}</button></form>`;
      const portas = [...d.portas.keys()]
        .map(
          (porta) =>
            `<li>Porta ${porta}: <strong data-porta="${nome}:${porta}">${d.portas.get(porta)}</strong> ${botao("acionar", `Pulsar relé ${porta}`, porta)} ${botao("abrir", `Abrir à mão ${porta}`, porta)} ${botao("fechar", `Fechar ${porta}`, porta)}</li>`,
        )
        .join("");
      return `<section aria-labelledby="t-${nome}"><h2 id="t-${nome}">${nome} — ${FABRICANTE_ROTULO[d.opcoes.fabricante]} ${escapar(d.opcoes.modelo)}</h2>
<p>Endereço: <code>${escapar(d.endereco)}</code> · usuário <code>${escapar(d.opcoes.usuario)}</code> · série <code>${escapar(d.opcoes.serie)}</code></p>
<ul>${portas}</ul>
<p>Falhas: ${botao(d.offline ? "conectar" : "desconectar", d.offline ? "Voltar à rede" : "Tirar da rede")} ${botao("lento", d.atrasoMs ? "Responder normalmente" : "Responder devagar (8 s)")} ${botao("credenciais", d.recusarCredenciais ? "Aceitar a senha" : "Recusar a senha")} ${botao("reiniciar", "Reiniciar")}</p>
<p>Aberturas pelo relé: <strong data-aberturas="${nome}">${d.aberturas.length}</strong></p></section>`;
    })
    .join("\n");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulador de dispositivos</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem;max-width:60rem}section{border:1px solid #999;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}form{display:inline}button{margin:.15rem;padding:.35rem .6rem;font:inherit}</style></head>
<body><h1>Simulador de dispositivos</h1><p>Dispositivos Control iD e Intelbras falando o protocolo de cada fabricante. Cadastre cada um no portal com o endereço, o usuário e a senha mostrados.</p>
${cartoes}
<script>setInterval(async()=>{try{const r=await fetch('/estado.json');for(const d of await r.json()){for(const[p,e]of Object.entries(d.portas)){const el=document.querySelector('[data-porta="'+CSS.escape(d.nome+':'+p)+'"]');if(el)el.textContent=e;}const a=document.querySelector('[data-aberturas="'+CSS.escape(d.nome)+'"]');if(a)a.textContent=d.aberturas;}}catch{}},1000);</script>
</body></html>`;
}

export async function iniciarPainel(dispositivos: DispositivoSimulado[], porta = 0, host = "127.0.0.1"): Promise<{ endereco: string; server: Server }> {
  const server = createServer((req, res) => {
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
    const acao = m && ACOES[m[2]!];
    if (req.method === "POST" && dispositivo && acao) {
      acao(dispositivo, Number(url.searchParams.get("porta") ?? 1));
      res.writeHead(303, { location: "/" });
      return res.end();
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Não encontrado.");
  });
  await new Promise<void>((resolve) => server.listen(porta, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { endereco: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`, server };
}
