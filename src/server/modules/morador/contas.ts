import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { MSG } from "@shared/messages";
import { MORADOR_TEXTOS, rotuloDaUnidade, VALIDADE_DO_CONVITE_DIAS, type AceitarConvite, type ContaMorador, type ConviteInfo } from "@shared/schemas/morador";
import { createAuthUser } from "../../auth/accounts";
import type { Auth } from "../../auth/auth";
import { assertStrongPassword, passwordUserInputs } from "../../auth/password-strength";
import { checkCountedPassword, type PasswordAttemptLimit } from "../../auth/sign-in-limit";
import type { Db } from "../../db/client";
import { condominios, moradorContas, moradores, unidades } from "../../db/schema";
import { conviteMoradorEmail } from "../../email/templates";
import type { Outbox } from "../../email/outbox";
import { AppError, notFound, pgErrorCode } from "../../errors";
import { unidadeInScope, type CondominioScope } from "../../scope";
import { toIso } from "../common";

// Resident accounts (gate-operation-spec §3.1): invited from the unit page by who manages the
// unit's residents, accepted by the resident with a password of their own (or, when their e-mail
// already signs in, the password they have). Only the invitation's hash is kept; it works once and
// for 7 days. docs/decisions/0271-contas-de-morador.md.

export const hashDoConvite = (token: string) => createHash("sha256").update(token).digest("base64url");

type Linha = typeof moradorContas.$inferSelect;

const vista = (c: Linha): ContaMorador => ({
  morador_id: c.morador_id,
  status: c.status,
  email: c.email,
  convidado_em: toIso(c.convidado_em),
  convite_expira_em: c.status === "convidado" && c.convite_expira_em ? toIso(c.convite_expira_em) : null,
  ativado_em: c.ativado_em ? toIso(c.ativado_em) : null,
});

const conviteInvalido = () => AppError.from(400, "CONVITE_INVALIDO", { title: MORADOR_TEXTOS.aceitar, message: MORADOR_TEXTOS.conviteInvalido });

export interface ContasDeps {
  db: Db;
  auth: Auth;
  outbox: Outbox;
  publicUrl: string;
  /** The sign-in failure counters: a wrong password on an invitation counts as one. */
  signInFailures: PasswordAttemptLimit;
}

export function contasService({ db, auth, outbox, publicUrl, signInFailures }: ContasDeps) {
  /** The invitation still valid for `token`, with whom it is for. */
  async function conviteValido(token: string) {
    const [achado] = await db
      .select({
        conta: moradorContas,
        nome: moradores.nome_completo,
        condominio: condominios.nome,
        bloco: unidades.bloco,
        numero_unidade: unidades.numero_unidade,
      })
      .from(moradorContas)
      .innerJoin(moradores, eq(moradores.id, moradorContas.morador_id))
      .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
      .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
      .where(
        and(
          eq(moradorContas.convite_hash, hashDoConvite(token)),
          eq(moradorContas.status, "convidado"),
          gt(moradorContas.convite_expira_em, new Date()),
          eq(moradores.ativo, true),
        ),
      );
    return achado ?? null;
  }

  /** The auth user of an e-mail, with their password's hash (better-auth keeps e-mails in lower case). */
  async function usuarioDoEmail(email: string) {
    const ctx = await auth.$context;
    const achado = await ctx.internalAdapter.findUserByEmail(email.toLowerCase(), { includeAccounts: true });
    if (!achado) return null;
    const credencial = achado.accounts.find((a) => a.providerId === "credential");
    return { id: achado.user.id, email: achado.user.email, hash: credencial?.password ?? null };
  }

  return {
    /** The accounts of a unit's residents (the unit page), of the user's scope; null: no such unit. */
    async daUnidade(scope: CondominioScope, unidadeId: string): Promise<ContaMorador[] | null> {
      const [u] = await db
        .select({ id: unidades.id })
        .from(unidades)
        .where(and(eq(unidades.id, unidadeId), unidadeInScope(scope, unidades.id)));
      if (!u) return null;
      const linhas = await db
        .select({ conta: moradorContas })
        .from(moradorContas)
        .innerJoin(moradores, eq(moradores.id, moradorContas.morador_id))
        .where(eq(moradores.unidade_id, unidadeId));
      return linhas.map((l) => vista(l.conta));
    },

    /**
     * 'Convidar para a Área do Morador': a new invitation (the one before it stops working) sent to
     * the resident's e-mail, in the same transaction as the account's row.
     */
    async convidar(scope: CondominioScope, moradorId: string, quem: { nome: string }): Promise<ContaMorador> {
      const [m] = await db
        .select({
          id: moradores.id,
          nome: moradores.nome_completo,
          email: moradores.email,
          ativo: moradores.ativo,
          condominio: condominios.nome,
          bloco: unidades.bloco,
          numero_unidade: unidades.numero_unidade,
        })
        .from(moradores)
        .innerJoin(unidades, eq(unidades.id, moradores.unidade_id))
        .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
        .where(and(eq(moradores.id, moradorId), unidadeInScope(scope, moradores.unidade_id)));
      if (!m) throw notFound(MSG.moradorNotFound);
      const email = m.email?.trim().toLowerCase();
      if (!email)
        throw AppError.from(400, "VALIDATION_ERROR", { title: MORADOR_TEXTOS.convidar, message: MORADOR_TEXTOS.semEmail }, { email: MORADOR_TEXTOS.semEmail });
      if (!m.ativo) throw AppError.from(409, "CONFLICT", { title: MORADOR_TEXTOS.convidar, message: MORADOR_TEXTOS.inativo });
      const token = randomBytes(24).toString("base64url");
      const expira = new Date(Date.now() + VALIDADE_DO_CONVITE_DIAS * 86_400_000);
      const url = `${publicUrl}/morador/convite?token=${encodeURIComponent(token)}`;
      return db.transaction(async (tx) => {
        const valores = {
          status: "convidado" as const,
          email,
          convite_hash: hashDoConvite(token),
          convite_expira_em: expira,
          convidado_por: quem.nome,
          convidado_em: new Date(),
        };
        // An active account is not invited again; a pending or deactivated one gets a new invitation.
        const [conta] = await tx
          .insert(moradorContas)
          .values({ morador_id: m.id, ...valores })
          .onConflictDoUpdate({ target: moradorContas.morador_id, set: valores, setWhere: sql`${moradorContas.status} <> 'ativo'` })
          .returning();
        if (!conta) throw AppError.from(409, "CONFLICT", { title: MORADOR_TEXTOS.convidar, message: MORADOR_TEXTOS.jaTemAcesso });
        await outbox.enqueue(
          "convite_morador",
          { to: email, ...conviteMoradorEmail({ nome: m.nome, condominio: m.condominio, unidade: rotuloDaUnidade(m), url }) },
          tx as unknown as Db,
        );
        return vista(conta);
      });
    },

    /** What the invitation page shows before the resident types: who it is for, or that it no longer works. */
    async conviteInfo(token: string | undefined): Promise<ConviteInfo> {
      const achado = token ? await conviteValido(token) : null;
      if (!achado) return { valido: false, nome: null, email: null, condominio: null, unidade: null, conta_existente: false };
      return {
        valido: true,
        nome: achado.nome,
        email: achado.conta.email,
        condominio: achado.condominio,
        unidade: rotuloDaUnidade(achado),
        conta_existente: (await usuarioDoEmail(achado.conta.email)) !== null,
      };
    },

    /**
     * Accepting the invitation: a new sign-in (the password typed twice) or the one the e-mail
     * already has (its password, counted like a sign-in). The account turns 'ativo' once: of two
     * acceptances at the same time, one wins and the other finds the invitation used.
     */
    async aceitar(dados: AceitarConvite, ip: string): Promise<void> {
      const achado = await conviteValido(dados.token);
      if (!achado) throw conviteInvalido();
      const { conta } = achado;
      const existente = await usuarioDoEmail(conta.email);
      let authUserId: string;
      if (existente) {
        if (dados.tipo !== "senha_existente")
          throw AppError.from(
            400,
            "VALIDATION_ERROR",
            { title: MORADOR_TEXTOS.aceitar, message: MSG.currentPasswordRequired.message },
            { senhaAtual: "Informe a sua senha." },
          );
        const ctx = await auth.$context;
        const conferida = await checkCountedPassword(signInFailures, (input) => ctx.password.verify(input), {
          email: existente.email,
          ip,
          hash: existente.hash,
          password: dados.senhaAtual,
        });
        if ("wait" in conferida) throw AppError.from(429, "RATE_LIMITED", MSG.rateLimited);
        if (!conferida.right)
          throw AppError.from(
            400,
            "WRONG_PASSWORD",
            { title: MORADOR_TEXTOS.aceitar, message: MORADOR_TEXTOS.senhaIncorreta },
            { senhaAtual: MORADOR_TEXTOS.senhaIncorreta },
          );
        authUserId = existente.id;
      } else {
        if (dados.tipo !== "nova_senha") throw conviteInvalido();
        await assertStrongPassword(dados.novaSenha, passwordUserInputs({ email: conta.email, name: [achado.nome] }), "novaSenha");
        try {
          authUserId = (await createAuthUser(auth, { email: conta.email, name: achado.nome, password: dados.novaSenha })).id;
        } catch (error) {
          // Another acceptance of the same e-mail made the user a moment ago.
          if (pgErrorCode(error) === "23505") throw conviteInvalido();
          throw error;
        }
      }
      const [ativada] = await db
        .update(moradorContas)
        .set({ status: "ativo", auth_user_id: authUserId, ativado_em: new Date(), convite_hash: null, convite_expira_em: null })
        .where(and(eq(moradorContas.id, conta.id), eq(moradorContas.convite_hash, hashDoConvite(dados.token)), eq(moradorContas.status, "convidado")))
        .returning({ id: moradorContas.id });
      if (!ativada) throw conviteInvalido();
    },
  };
}

export type ContasService = ReturnType<typeof contasService>;
