import { z } from "zod";

const githubEmailsSchema = z.array(z.object({ email: z.string(), verified: z.boolean() }));

/**
 * The addresses GitHub has verified for the signed-in GitHub user. GitHub lets a user set an unverified primary
 * address, and next-auth's provider may pick it, so an address is only trusted after this check.
 */
export async function githubVerifiedEmails(accessToken: string): Promise<string[]> {
  const response = await fetch("https://api.github.com/user/emails", {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/vnd.github+json",
      "user-agent": "probebench",
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return [];
  const parsed = githubEmailsSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.filter((e) => e.verified).map((e) => e.email.toLowerCase()) : [];
}
