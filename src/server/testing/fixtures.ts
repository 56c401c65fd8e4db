import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { registrosAcesso, usuarios } from "../db/schema";
import { today } from "@shared/time";
import type { SampleRecords } from "../route-contract";
import { moradorDaAmostra, request, type TestApp } from "./harness";

let sequence = 0;

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A number unique within the test file, for names and e-mails that must not repeat. */
export const nextSeq = () => ++sequence;

type Created = { id: string; [key: string]: unknown };

/**
 * One record of every resource, created through the API as `cookie` (an administrator) on first
 * use and then reused. A new instance gives new records: a request that consumes its target
 * (delete, edit, status change) gets one of its own.
 */
export class Fixtures implements SampleRecords {
  private readonly made = new Map<string, Promise<Created>>();

  constructor(
    private readonly t: TestApp,
    private readonly cookie: string,
  ) {}

  seq = nextSeq;
  criar = (url: string, body: object) => this.create(url, body);
  hoje = (days = 0) => addDays(today(), days);

  private once(name: string, make: () => Promise<Created>): Promise<Created> {
    let record = this.made.get(name);
    if (!record) {
      record = make();
      this.made.set(name, record);
    }
    return record;
  }

  private async create(url: string, payload: object): Promise<Created> {
    const response = await request(this.t, "POST", url, { cookie: this.cookie, payload });
    if (response.statusCode !== 201) throw new Error(`fixture POST ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  }

  condominio = () => this.once("condominio", () => this.create("/api/condominios", { nome: `Residencial Fixture ${nextSeq()}` }));

  unidade = () =>
    this.once("unidade", async () =>
      this.create("/api/unidades", { condominio_id: (await this.condominio()).id, numero_unidade: String(nextSeq()), bloco: "F" }),
    );

  morador = () =>
    this.once("morador", async () =>
      this.create(`/api/unidades/${(await this.unidade()).id}/moradores`, { nome_completo: "Morador Fixture", tipo_morador: "proprietario" }),
    );

  /** A new resident of the fixture unit on every call (an entry at the gate uses one up: they are then inside). */
  novoMorador = async () =>
    this.create(`/api/unidades/${(await this.unidade()).id}/moradores`, { nome_completo: `Morador Novo ${nextSeq()}`, tipo_morador: "inquilino" });

  veiculo = () =>
    this.once("veiculo", async () => this.create(`/api/moradores/${(await this.morador()).id}/veiculos`, { placa: "FIX1A23", tipo_veiculo: "carro" }));

  prestador = () =>
    this.once("prestador", async () =>
      this.create("/api/prestadores", {
        nome_empresa_profissional: `Prestador Fixture ${nextSeq()}`,
        tipo_servico: "Limpeza",
        condominio_id: (await this.condominio()).id,
      }),
    );

  /** A block of a plate in the fixtures' condominium (POST /api/bloqueios answers { rows }). */
  bloqueio = () =>
    this.once("bloqueio", async () => {
      const response = await request(this.t, "POST", "/api/bloqueios", {
        cookie: this.cookie,
        payload: { tipo: "veiculo", placa: "BLQ1A23", motivo: "Fixture", condominio_id: (await this.condominio()).id },
      });
      if (response.statusCode !== 201) throw new Error(`fixture POST /api/bloqueios answered ${response.statusCode}: ${response.body}`);
      return (response.json() as { rows: Created[] }).rows[0]!;
    });

  /**
   * A visitor's pre-authorisation in the fixture unit, valid from today for 30 days, with an
   * e-mail (the invitation can be sent). A new instance of Fixtures gives a new one.
   */
  autorizacao = () =>
    this.once("autorizacao", async () =>
      this.create("/api/visitantes", {
        condominio_id: (await this.condominio()).id,
        unidade_id: (await this.unidade()).id,
        morador_id: (await this.morador()).id,
        nome_visitante: `Visitante Fixture ${nextSeq()}`,
        documento_tipo: "rg",
        documento_numero: `RG${nextSeq()}X9`,
        email: "visitante-fixture@teste.local",
        tipo: "periodo",
        valido_de: today(),
        valido_ate: addDays(today(), 30),
      }),
    );

  /**
   * An access record of the fixtures' condominium (a visitor let in by hand), inserted as the gate
   * inserts one: the chaining trigger numbers and chains it.
   */
  registro = () =>
    this.once("registro", async () => {
      const [row] = await this.t.database.db
        .insert(registrosAcesso)
        .values({
          condominio_id: (await this.condominio()).id,
          unidade_id: (await this.unidade()).id,
          tipo_pessoa: "visitante",
          nome_pessoa: `Visitante Registrado ${nextSeq()}`,
          sentido: "entrada",
          resultado: "liberado",
          metodo: "manual",
          operador_nome: "Porteiro Fixture",
        })
        .returning({ id: registrosAcesso.id });
      return row!;
    });

  /** A permission of the catalogue that no group holds and the code does not check. */
  permissao = () => this.once("permissao", () => this.create("/api/permissoes", { nome_permissao: `fixture_${nextSeq()}`, categoria: "Fixtures" }));

  grupo = () => this.once("grupo", () => this.create("/api/grupos", { nome_grupo: `Grupo Fixture ${nextSeq()}` }));

  usuario = () =>
    this.once("usuario", () => {
      const n = nextSeq();
      return this.create("/api/usuarios", {
        nome_completo: `Usuário Fixture ${n}`,
        email: `fixture-${n}@teste.local`,
        senha: "Fixture#Sentinela-2026",
        acesso_todos_condominios: true,
      });
    });

  /**
   * A password-reset token of the fixture user, stored the way better-auth stores the one it
   * e-mails (valid for an hour), without going through the e-mail.
   */
  moradorDaAmostra = async () => {
    const m = await moradorDaAmostra(this.t);
    return { condominio_id: m.condominioId, unidade_id: m.unidadeId, morador_id: m.moradorId };
  };

  resetToken = async () =>
    (
      await this.once("resetToken", async () => {
        const [row] = await this.t.database.db
          .select({ authUserId: usuarios.auth_user_id })
          .from(usuarios)
          .where(eq(usuarios.id, (await this.usuario()).id));
        const token = randomBytes(12).toString("hex");
        const ctx = await this.t.auth.$context;
        await ctx.internalAdapter.createVerificationValue({
          identifier: `reset-password:${token}`,
          value: row!.authUserId,
          expiresAt: new Date(Date.now() + 60 * 60_000),
        });
        return { id: token };
      })
    ).id;
}
