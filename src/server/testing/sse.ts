/**
 * Reads a `text/event-stream` as a console's browser would, calling `aoEvento` with each event's
 * name and its JSON data, until the stream ends (or its request is aborted, which ends it too).
 * For the tests and the bench that watch `/api/controle-acesso/tempo-real` from outside.
 */
export async function lerEventos(corpo: ReadableStream<Uint8Array>, aoEvento: (evento: string, dados: unknown) => void): Promise<void> {
  const decoder = new TextDecoder();
  const leitor = corpo.getReader();
  let resto = "";
  for (;;) {
    const { done, value } = await leitor.read();
    if (done) return;
    resto += decoder.decode(value, { stream: true });
    let fim: number;
    while ((fim = resto.indexOf("\n\n")) >= 0) {
      const bloco = resto.slice(0, fim);
      resto = resto.slice(fim + 2);
      const evento = /^event: (.+)$/m.exec(bloco)?.[1];
      const dados = /^data: (.+)$/m.exec(bloco)?.[1];
      if (evento) aoEvento(evento, dados === undefined ? null : JSON.parse(dados));
    }
  }
}
