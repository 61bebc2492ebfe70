import "server-only";
import type { Metadata } from "next";
import { requirePageUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { listApiTokens } from "@/lib/server/tokens/api-tokens";
import { TokensManager } from "@/components/account/tokens-manager";

export const metadata: Metadata = { title: "API tokens", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function TokensPage() {
  const user = await requirePageUser("/account/tokens");
  const tokens = await listApiTokens(user.id);
  return (
    <>
      <h1>API tokens</h1>
      <p className="muted">
        Tokens let the CLI and scripts act as you, within the scopes you give them, until they expire (times are UTC).
        Only a hash is stored: a lost token cannot be shown again, so revoke it and create a new one. Tokens are created
        here, from a signed-in browser, or by an operator with <code>npx probebench token create</code>; a token cannot
        create tokens.
      </p>
      <TokensManager
        initial={tokens}
        serverUrl={env.NEXTAUTH_URL ?? env.PROBEBENCH_URL}
        canAdmin={user.role !== "user"}
      />
    </>
  );
}
