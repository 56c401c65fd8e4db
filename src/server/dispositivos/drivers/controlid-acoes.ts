// The action that opens a door on each Control iD model (Access API, "Abertura remota de porta e
// catraca"): used by a direct call (controlid.ts) and by a command a device fetches in push mode
// (controlid-eventos.ts).

/** The SecBox module of iDFace/iDFlex (the relay outside the reader, out of a vandal's reach). */
export const SEC_BOX_ID = 65793;
/** `reason` 3 of sec_box: opened remotely, as the device's own log reads it. */
const MOTIVO_REMOTO = 3;

/** The action that pulses door `porta` on this model. */
export function acaoDeAbertura(modelo: string, porta: number): { action: string; parameters: string } {
  const m = modelo.toLowerCase().replace(/\s+/g, "");
  if (m.includes("idblock")) return { action: "catra", parameters: `allow=${porta === 2 ? "anticlockwise" : "clockwise"}` };
  if ((m.includes("idface") || m.includes("idflex")) && porta === 1) return { action: "sec_box", parameters: `id=${SEC_BOX_ID},reason=${MOTIVO_REMOTO}` };
  return { action: "door", parameters: `door=${porta}` };
}
