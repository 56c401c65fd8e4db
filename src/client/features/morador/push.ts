import { api } from "~/lib/api";
import { MORADOR_SW_ESCOPO, servicoDoMorador } from "./app-links";

// 'Notificação no celular' (gate-operation-spec §3.2, §3.4): this browser's Web Push subscription,
// made through the Área do Morador's service worker (public/morador-sw.js) with the portal's VAPID
// public key, and kept by the server for the signed-in person.

export type ResultadoPush = "ok" | "negado" | "indisponivel";

/** Whether this browser can receive Web Push at all (service worker, Push API, notifications). */
export function pushSuportado(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID key as the Push API takes it: base64url to bytes. */
function chaveEmBytes(chave: string): Uint8Array<ArrayBuffer> {
  const base64 = (chave + "=".repeat((4 - (chave.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const texto = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(texto.length));
  for (let i = 0; i < texto.length; i++) bytes[i] = texto.charCodeAt(i);
  return bytes;
}

/** The Área do Morador's worker, active (registered by the layout; here again if need be). */
async function registro(): Promise<ServiceWorkerRegistration | undefined> {
  return (await servicoDoMorador()) ?? (await navigator.serviceWorker.getRegistration(MORADOR_SW_ESCOPO));
}

/**
 * Turns 'Notificação no celular' on for this browser: asks the permission (call it from the
 * switch's click), subscribes with the portal's key and hands the subscription to the server.
 */
export async function ativarPush(): Promise<ResultadoPush> {
  if (!pushSuportado()) return "indisponivel";
  const permissao = await Notification.requestPermission();
  if (permissao !== "granted") return "negado";
  const { chave_publica } = await api.GET("/api/morador/push/chave");
  const reg = await registro();
  if (!chave_publica || !reg) return "indisponivel";
  const inscricao =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chaveEmBytes(chave_publica) }));
  const json = inscricao.toJSON();
  await api.POST("/api/morador/push/inscricoes", {
    body: { endpoint: inscricao.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } },
  });
  return "ok";
}

/** Turns it off for this browser: the server forgets the subscription, the browser drops it. */
export async function desativarPush(): Promise<void> {
  if (!pushSuportado()) return;
  const inscricao = await (await registro())?.pushManager.getSubscription();
  if (!inscricao) return;
  await api.DELETE("/api/morador/push/inscricoes", { body: { endpoint: inscricao.endpoint } });
  await inscricao.unsubscribe();
}
