import { AppError } from "../../errors";
import { authenticateToken, type TokenOwner } from "../tokens/api-tokens";

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller of an API request, from its bearer token; null when anonymous. A bad token is an error, not anonymous. */
export async function optionalApiCaller(request: Request): Promise<TokenOwner | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const owner = await authenticateToken(token);
  if (!owner) throw new AppError("unauthorized", "The API token is invalid or revoked");
  return owner;
}

export async function requireApiCaller(request: Request): Promise<TokenOwner> {
  const owner = await optionalApiCaller(request);
  if (!owner) {
    throw new AppError("unauthorized", "An API token is required: send `Authorization: Bearer <token>`", [], {
      "www-authenticate": 'Bearer realm="probebench"',
    });
  }
  return owner;
}
