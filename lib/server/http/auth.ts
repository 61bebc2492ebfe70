import { authenticateToken, type TokenOwner } from "../tokens/api-tokens";

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The caller of an API request, from its bearer token; null when anonymous. A bad, revoked or expired token is a 401,
 * not anonymous.
 */
export async function optionalApiCaller(request: Request): Promise<TokenOwner | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return authenticateToken(token);
}
