import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { instantFromSaoPauloWallClock } from "@shared/time";
import { chamar } from "./http";
import { integracaoIntelbras } from "./intelbras-eventos";
import { FalhaDoDispositivo, type AlvoDoDispositivo, type DriverDeDispositivo, type OpcoesDeChamada } from "./tipos";

// Intelbras access controllers (SS 3530 / 5530 family), written from the Intelbras access-control
// API documentation (https://intelbras-caco-api.intelbras.com.br/): CGI over HTTP with Digest
// authentication; answers are `key=value` lines, "OK" or "Error".
// - "Informações do dispositivo": GET /cgi-bin/magicBox.cgi?action=getSystemInfo (deviceType,
//   serialNumber) and ?action=getSoftwareVersion (version).
// - "Data e hora": GET /cgi-bin/global.cgi?action=getCurrentTime → result=yyyy-MM-dd HH:mm:ss.
// - "Abrir porta": GET /cgi-bin/accessControl.cgi?action=openDoor&channel=N (doors from 1) → OK.
// - "Status da porta": GET /cgi-bin/accessControl.cgi?action=getDoorStatus&channel=N → Info.status=Open|Close.

/** `a=1\r\nb=2` → { a: "1", b: "2" }. */
export function linhasChaveValor(corpo: string): Record<string, string> {
  const campos: Record<string, string> = {};
  for (const linha of corpo.split(/\r?\n/)) {
    const i = linha.indexOf("=");
    if (i > 0) campos[linha.slice(0, i).trim()] = linha.slice(i + 1).trim();
  }
  return campos;
}

/** "2026-11-27 21:30:05" (the device's wall clock) → the instant; null when unreadable. */
function relogioDe(texto: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2}):(\d{2})$/.exec(texto ?? "");
  if (!m) return null;
  const [ano, mes, dia, hora, minuto, segundo] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return instantFromSaoPauloWallClock(Date.UTC(ano, mes - 1, dia, hora, minuto, segundo));
}

export function driverIntelbras(): DriverDeDispositivo {
  async function cgi(alvo: AlvoDoDispositivo, caminho: string, opcoes: OpcoesDeChamada): Promise<string> {
    const resposta = await chamar(`${alvo.endereco}${caminho}`, {
      metodo: "GET",
      digest: `${alvo.usuario ?? ""}:${alvo.senha ?? ""}`,
      prazoMs: opcoes.prazoMs,
    });
    if (resposta.status === 401) throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
    if (resposta.status !== 200) {
      const detalhe = /bad request/i.test(resposta.corpo) ? "pedido inválido (confira o número da porta e o modelo)." : `HTTP ${resposta.status}.`;
      throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(detalhe));
    }
    return resposta.corpo;
  }

  return {
    fabricante: "intelbras",

    async identificar(alvo, opcoes) {
      const inicio = Date.now();
      const resta = () => ({ prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)) });
      const sistema = linhasChaveValor(await cgi(alvo, "/cgi-bin/magicBox.cgi?action=getSystemInfo", resta()));
      const versao = linhasChaveValor(await cgi(alvo, "/cgi-bin/magicBox.cgi?action=getSoftwareVersion", resta()));
      const hora = linhasChaveValor(await cgi(alvo, "/cgi-bin/global.cgi?action=getCurrentTime", resta()));
      if (!sistema.deviceType && !sistema.serialNumber) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      return {
        modelo: sistema.deviceType ?? null,
        serie: sistema.serialNumber ?? null,
        firmware: versao.version ?? null,
        relogio: relogioDe(hora.result),
      };
    },

    async abrir(alvo, porta, opcoes) {
      const corpo = await cgi(alvo, `/cgi-bin/accessControl.cgi?action=openDoor&channel=${porta}&Type=Remote`, opcoes);
      if (!/^OK\b/.test(corpo.trim())) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    },

    async estadoDaPorta(alvo, porta, opcoes) {
      const status = linhasChaveValor(await cgi(alvo, `/cgi-bin/accessControl.cgi?action=getDoorStatus&channel=${porta}`, opcoes))["Info.status"];
      if (status === "Open") return "aberta";
      if (status === "Close") return "fechada";
      throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    },

    // Digest keeps no session: urllib answers each challenge.
    esquecer() {},

    integracao: integracaoIntelbras,
  };
}
