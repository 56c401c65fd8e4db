import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { ADMIN_GROUP_NAME, PERMISSIONS } from "@shared/permissions";
import type { Auth } from "./auth/auth";
import { createAuthUser } from "./auth/accounts";
import { checkPasswordStrength, passwordUserInputs } from "./auth/password-strength";
import { ConfigError } from "./config";
import type { Db } from "./db/client";
import { grupoPermissoes, grupos, permissoes, usuarioGrupos, usuarios } from "./db/schema";

export interface SeedResult {
  /** Set only when this run created the first admin (the password is shown once). */
  createdAdmin?: { email: string; password: string; generated: boolean };
  /** The active administrators' e-mails (the first few), for the start banner. */
  administradores: string[];
}

/** Idempotent: the permissions catalogue, Administrador holding all of them, the first admin. */
export async function seed(db: Db, auth: Auth, admin: { email: string; password?: string }): Promise<SeedResult> {
  await db
    .insert(permissoes)
    .values(PERMISSIONS.map(({ nome_permissao, categoria, descricao }) => ({ nome_permissao, categoria, descricao })))
    .onConflictDoNothing();

  await db.insert(grupos).values({ nome_grupo: ADMIN_GROUP_NAME, descricao: "Acesso total ao Portaria Web" }).onConflictDoNothing();
  const [adminGroup] = await db.select({ id: grupos.id }).from(grupos).where(eq(grupos.nome_grupo, ADMIN_GROUP_NAME));
  // Administrador always holds every permission, including ones created later.
  await db.execute(sql`
    insert into ${grupoPermissoes} (grupo_id, permissao_id)
    select ${adminGroup!.id}::uuid, id from ${permissoes}
    on conflict do nothing`);

  const [anyUser] = await db.select({ id: usuarios.id }).from(usuarios).limit(1);
  if (anyUser) return { administradores: await activeAdministrators(db, adminGroup!.id) };

  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(admin.email);
  const password = admin.password ?? (await generatePassword());
  if (admin.password && !existing) {
    // The first admin's password passes the same strength check as every other one.
    const verdict = await checkPasswordStrength(admin.password, passwordUserInputs({ email: admin.email, name: ["Administrador"] }));
    if (!verdict.ok) throw new ConfigError(`Configuração inválida:\n  - ADMIN_PASSWORD: senha fraca. ${verdict.reasons.join(" ")}`);
  }
  const authUser = existing?.user ?? (await createAuthUser(auth, { email: admin.email, name: "Administrador", password }));
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(usuarios)
      .values({
        auth_user_id: authUser.id,
        nome_completo: "Administrador",
        email: admin.email,
        status: "ativo",
        primeiro_acesso_concluido: true,
      })
      .returning({ id: usuarios.id });
    await tx.insert(usuarioGrupos).values({ usuario_id: profile!.id, grupo_id: adminGroup!.id });
  });
  return { createdAdmin: { email: admin.email, password, generated: !admin.password }, administradores: [admin.email] };
}

async function activeAdministrators(db: Db, grupoId: string): Promise<string[]> {
  const rows = await db
    .select({ email: usuarios.email })
    .from(usuarios)
    .innerJoin(usuarioGrupos, eq(usuarioGrupos.usuario_id, usuarios.id))
    .where(and(eq(usuarioGrupos.grupo_id, grupoId), eq(usuarios.status, "ativo")))
    .orderBy(asc(usuarios.created_at))
    .limit(3);
  return rows.map((r) => r.email);
}

/** 16 random URL-safe characters (96 bits), redrawn in the unlikely case the checker objects. */
async function generatePassword(): Promise<string> {
  for (;;) {
    const candidate = randomBytes(12).toString("base64url");
    if ((await checkPasswordStrength(candidate)).ok) return candidate;
  }
}
