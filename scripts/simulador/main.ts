import { frotaPadrao, PORTA_DO_SIMULADOR } from "./frota";
import { iniciarPainel } from "./painel";

// `npm run simulador`: the standard fleet of simulated devices (frota.ts) and the page that drives
// them (gate-operation-spec §2.6). SIMULADOR_PORTA moves the ports; SIMULADOR_HOST the interface.

const base = Number(process.env.SIMULADOR_PORTA ?? PORTA_DO_SIMULADOR);
const host = process.env.SIMULADOR_HOST ?? "127.0.0.1";
if (!Number.isInteger(base) || base < 1 || base > 65_000) {
  console.error(`SIMULADOR_PORTA inválida: ${process.env.SIMULADOR_PORTA}`);
  process.exit(1);
}

const frota = frotaPadrao();
for (const { dispositivo, deslocamento } of frota) await dispositivo.ligar(base + deslocamento);
const { endereco } = await iniciarPainel(
  frota.map((f) => f.dispositivo),
  base,
  host,
);

console.log(`Simulador de dispositivos: ${endereco}`);
for (const { dispositivo, portas } of frota) {
  const o = dispositivo.opcoes;
  console.log(
    `  ${o.nome.padEnd(20)} ${o.fabricante.padEnd(10)} ${o.modelo.padEnd(14)} ${dispositivo.endereco}  usuário ${o.usuario}, senha ${o.senha}, portas ${portas.map((p) => p.numero).join(", ")}`,
  );
}

const parar = async () => {
  await Promise.all(frota.map((f) => f.dispositivo.desligar()));
  process.exit(0);
};
process.on("SIGINT", parar);
process.on("SIGTERM", parar);
