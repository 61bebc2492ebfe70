import type { Account, User } from "next-auth";
import type { AdapterUser } from "next-auth/adapters";
import { db } from "../../db";
import { claimUnverifiedAccount } from "../users/claim-unverified-account";

/**
 * next-auth's signIn callback for GitHub. Returns true to go on, false or an error page to refuse.
 * A known (linked) identity: only a disabled user is refused. A new identity: its address must be GitHub-verified
 * (`verifiedEmailsOf` asks GitHub, lib/auth/github-emails.ts). An unverified account registered with that address
 * is then claimed by this verified owner (lib/server/users/claim-unverified-account.ts); a verified one is not.
 */
export async function authorizeGithubSignIn(
  user: User | AdapterUser,
  account: Pick<Account, "provider" | "providerAccountId" | "type" | "access_token">,
  verifiedEmailsOf: (accessToken: string) => Promise<string[]>,
): Promise<boolean | string> {
  // next-auth passes the stored user (an AdapterUser, with emailVerified) when the identity is already linked.
  if ("emailVerified" in user) {
    const row = await db.user.findUnique({ where: { id: user.id }, select: { disabledAt: true } });
    return Boolean(row && !row.disabledAt);
  }
  const email = user.email?.toLowerCase();
  if (!email || !account.access_token) return "/sign-in?error=GithubEmailUnverified";
  const verified = await verifiedEmailsOf(account.access_token);
  if (!verified.includes(email)) return "/sign-in?error=GithubEmailUnverified";
  const claim = await claimUnverifiedAccount(email, {
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    type: account.type,
  });
  // "claimed" linked the identity, so next-auth now finds the account by it; "none" lets next-auth create one.
  if (claim === "taken") return "/sign-in?error=OAuthAccountNotLinked";
  if (claim === "disabled") return "/sign-in?error=AccessDenied";
  return true;
}
