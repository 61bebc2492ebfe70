// Browser-side calls to probebench's own API with the session cookie. Errors carry the server's message (which is
// written for people) and, for invalid input, every bad field.

export type ApiIssue = { path: string; message: string };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { message?: string; issues?: ApiIssue[] } };

/** Turns a non-2xx answer (status, body text, Retry-After) into an ApiRequestError. */
export function errorFromResponse(status: number, text: string, retryAfter: string | null): ApiRequestError {
  let body: ErrorBody = {};
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    /* not JSON: fall back to the status below */
  }
  const wait = retryAfter ? Number(retryAfter) : undefined;
  const fallback =
    status === 401 ? "Your session has ended: sign in again." : status === 413 ? "The file is too large." : status === 0 ? "The upload failed: the server could not be reached." : `The server answered ${status}.`;
  return new ApiRequestError(status, body.error?.message ?? fallback, body.error?.issues ?? [], Number.isFinite(wait) ? wait : undefined);
}

export async function callApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
    });
  } catch {
    throw new ApiRequestError(0, "Cannot reach the server. Check your connection and try again.");
  }
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get("retry-after"));
  return (text ? JSON.parse(text) : undefined) as T;
}
