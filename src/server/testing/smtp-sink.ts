import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename?: string; contentType: string; cid?: string; size: number }[];
}

/**
 * A real SMTP server on loopback that keeps what it receives. `refuse(n)` makes it answer the
 * next n messages with a temporary failure (451), as a mail server under trouble does.
 */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Servidor temporariamente indisponível"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, size: a.size })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    refuse(count: number) {
      refusals = count;
    },
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = inbox.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no e-mail for ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
