import { randomUUID } from "node:crypto";
import { openPglite, openPostgres, type Database } from "../../db/client";
import { condominios, moradorContas, moradores, unidades, user } from "../../db/schema";
import { createMailer } from "../../email/mailer";
import { createOutbox } from "../../email/outbox";
import { notificacoesService } from "../../modules/notificacoes/service";
import { solicitacoesService } from "../../modules/solicitacoes/service";
import { iniciarTempoReal } from "../../realtime";

// A portal process for the queue's crash test (modules/notificacoes/fila-processo.test.ts), run
// with `node --import tsx`: the same services the app wires, on a database on disk (PGlite's
// DATA_DIR, or DATABASE_URL). `escrever` asks N units' residents and prints ESCRITO once the rows
// are committed, then waits to be killed before any WhatsApp or SMS is due; `enviar` sweeps the
// queue every 50 ms until killed.

const [modo, quantos = "5"] = process.argv.slice(2);
const env = process.env;
const database: Database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, undefined, 3) : await openPglite(env.DATA_DIR);
await database.migrate();
const db = database.db;
const log = { info: () => undefined, warn: (l: string) => console.error(l), error: (l: string) => console.error(l) };
const config = {
  publicUrl: "http://localhost:3999",
  adminEmail: "admin@teste.local",
  mailFrom: "Portal <teste@localhost>",
  notificacoes: {
    whatsapp: { apiUrl: env.WHATSAPP_API_URL!, versao: "v21.0", phoneNumberId: "555000111", token: "tk", template: "visitante_na_portaria" },
    sms: { apiUrl: env.SMS_API_URL!, token: "tk-sms", from: "Sentinela" },
    cascataEscala: Number(env.CASCATA_ESCALA ?? "1"),
    varreduraMs: modo === "enviar" ? 50 : 0,
    arrendamentoS: 1,
  },
};
const outbox = createOutbox({ db, mailer: createMailer({ from: config.mailFrom, log: () => undefined }), log });
const notificacoes = notificacoesService({ db, config, outbox, log });

if (modo === "escrever") {
  const tempoReal = await iniciarTempoReal(database);
  const solicitacoes = solicitacoesService({ db, tempoReal, avisos: notificacoes });
  const [c] = await db.insert(condominios).values({ nome: "Residencial Processo" }).returning({ id: condominios.id });
  for (let i = 0; i < Number(quantos); i++) {
    const [u] = await db
      .insert(unidades)
      .values({ condominio_id: c!.id, bloco: "P", numero_unidade: `${i + 1}` })
      .returning({ id: unidades.id });
    const [m] = await db
      .insert(moradores)
      .values({ unidade_id: u!.id, nome_completo: `Morador ${i}`, tipo_morador: "proprietario", telefone_celular: `1196000000${i}` })
      .returning({ id: moradores.id });
    // The account's person (no password: this process never signs anyone in).
    const [usuario] = await db
      .insert(user)
      .values({ id: randomUUID(), name: `Morador ${i}`, email: `processo${i}@teste.local` })
      .returning({ id: user.id });
    await db
      .insert(moradorContas)
      .values({ morador_id: m!.id, auth_user_id: usuario!.id, status: "ativo", email: `processo${i}@teste.local`, ativado_em: new Date() });
    await solicitacoes.pedir(
      c!.id as never,
      { id: randomUUID(), nome: "Porteiro" },
      { unidade_id: u!.id, tipo_pessoa: "visitante", nome_visitante: `Visita ${i}`, documento: null, placa: null },
    );
  }
  console.log("ESCRITO");
} else {
  notificacoes.iniciar();
  console.log("ENVIANDO");
}
// Until killed.
setInterval(() => undefined, 60_000);
