import type { Auth } from "./auth";

/**
 * Creates an auth user with an e-mail/password credential. Public sign-up is off: only the seed
 * and administrators create accounts, so this goes through better-auth's internal adapter.
 */
export async function createAuthUser(auth: Auth, input: { email: string; name: string; password: string }) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({ email: input.email.toLowerCase(), name: input.name, emailVerified: true }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return user;
}
