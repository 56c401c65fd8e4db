// Time as the portal's users live it: São Paulo's, whatever the zone of the server or browser.

export const TIME_ZONE = "America/Sao_Paulo";

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "dd/MM/yyyy HH:mm" in São Paulo time. */
export function formatDateTime(value: Date | string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
