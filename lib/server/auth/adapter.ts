import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";
import { db } from "../../db";

// The part of a next-auth adapter that OAuth sign-in needs: find or create the user and link the GitHub identity.
// Sessions are not stored through the adapter: they are JWT-carried ids checked against our Session table
// (lib/server/users/sessions.ts), the same way for password and GitHub sign-ins.

type UserRow = { id: string; email: string; name: string | null; image: string | null; emailVerified: Date | null };

function toAdapterUser(user: UserRow): AdapterUser {
  return { id: user.id, email: user.email, name: user.name, image: user.image, emailVerified: user.emailVerified };
}

export function probebenchAdapter(): Adapter {
  return {
    async createUser(user: Omit<AdapterUser, "id">) {
      const created = await db.user.create({
        data: {
          email: user.email.toLowerCase(),
          name: user.name ?? null,
          image: user.image ?? null,
          emailVerified: user.emailVerified ?? null,
        },
      });
      return toAdapterUser(created);
    },
    async getUser(id) {
      const user = await db.user.findUnique({ where: { id } });
      return user ? toAdapterUser(user) : null;
    },
    async getUserByEmail(email) {
      const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
      return user ? toAdapterUser(user) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = await db.account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        include: { user: true },
      });
      return account ? toAdapterUser(account.user) : null;
    },
    async updateUser(user) {
      const updated = await db.user.update({
        where: { id: user.id },
        data: {
          name: user.name ?? undefined,
          image: user.image ?? undefined,
          emailVerified: user.emailVerified ?? undefined,
        },
      });
      return toAdapterUser(updated);
    },
    async linkAccount(account: AdapterAccount) {
      // Provider access tokens are not kept: nothing here calls GitHub after sign-in.
      await db.account.create({
        data: {
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
        },
      });
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">) {
      await db.account.deleteMany({ where: { provider, providerAccountId } });
    },
  };
}
