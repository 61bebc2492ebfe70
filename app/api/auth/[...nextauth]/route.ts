import NextAuth from "next-auth";
import { authOptions } from "@/lib/server/auth/options";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* - next-auth: sign-in (password, GitHub), callbacks, CSRF token, sign-out.
// The options are built per request so that a missing NEXTAUTH_SECRET fails requests, not `next build`.
async function handler(request: Request, context: Context): Promise<Response> {
  return NextAuth(request as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
