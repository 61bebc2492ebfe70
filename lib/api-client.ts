import { z } from "zod";
import { benchmarkListSchema } from "./contracts/public-reads";
import { createdSubmissionSchema, submissionStatusSchema } from "./contracts/submissions";

// The one client of probebench's HTTP API, for the browser (same origin, session cookie) and the CLI (a base URL
// and a bearer token). Errors are one type, ApiError, carrying the server's message (written for people), every bad
// field of an invalid input, and how long to wait after a rate limit. Pure: fetch is the only I/O.

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// lib/errors.ts writes every error body in this shape (lib/contracts/common.ts publishes it); read leniently here so
// an error code this client does not know yet still shows its message.
const errorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** What a status means when the body says nothing usable. */
function fallbackMessage(status: number, what: string): string {
  if (status === 401) return "Your session has ended: sign in again.";
  if (status === 413) return "The file is too large.";
  if (status === 0) return "The upload failed: the server could not be reached.";
  return `The server answered ${status}${what ? ` to ${what}` : ""}.`;
}

/** Turns a non-2xx answer (status, body text, Retry-After) into an ApiError. */
export function errorFromResponse(status: number, text: string, retryAfter: string | null, what = ""): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the status says what happened */
  }
  const body = errorBodySchema.safeParse(parsed);
  const wait = retryAfter ? Number(retryAfter) : undefined;
  return new ApiError(
    status,
    body.success ? body.data.error.message : fallbackMessage(status, what),
    body.success ? (body.data.error.issues ?? []) : [],
    wait !== undefined && Number.isFinite(wait) ? wait : undefined,
  );
}

export type ApiClientOptions = {
  /** Origin of the server; empty for the browser's own origin. */
  baseUrl?: string;
  /** Bearer token (CLI); the browser sends its session cookie instead. */
  token?: string;
  /** The message when the server cannot be reached at all. */
  unreachable?: string;
};

export function createApiClient(options: ApiClientOptions = {}) {
  const root = (options.baseUrl ?? "").replace(/\/+$/, "");
  const unreachable = options.unreachable ?? "Cannot reach the server. Check your connection and try again.";

  /** One request; `body` is sent as is when it is a string (a file's text), as JSON otherwise. */
  async function request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    contentType = "application/json",
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body !== undefined ? { "content-type": contentType } : {}),
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, unreachable);
    }
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get("retry-after"), path);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  // Answers are parsed with the schemas the server answers in (lib/contracts): a client never trusts a cast.
  return {
    request,
    submit: async (fileText: string) =>
      createdSubmissionSchema.parse(await request("POST", "/api/v1/submissions", fileText)),
    /** A SARIF log; the query carries what the log does not say (benchmark, model, ...). */
    submitSarif: async (logText: string, query: Record<string, string | undefined>) => {
      const search = new URLSearchParams(
        Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
      );
      return createdSubmissionSchema.parse(
        await request("POST", `/api/v1/submissions?${search}`, logText, "application/sarif+json"),
      );
    },
    status: async (id: string) =>
      submissionStatusSchema.parse(await request("GET", `/api/v1/submissions/${encodeURIComponent(id)}`)),
    benchmarks: async () => benchmarkListSchema.parse(await request("GET", "/api/v1/benchmarks")),
    importFixDates: (benchmark: string, fileText: string) =>
      request("POST", `/api/v1/admin/benchmarks/${encodeURIComponent(benchmark)}/fix-dates`, fileText),
    analyses: (id: string) => request("GET", `/api/v1/submissions/${encodeURIComponent(id)}/analyses`),
  };
}

const browserClient = createApiClient();

/** The browser's call to its own origin's API with the session cookie. */
export function callApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return browserClient.request<T>(init.method ?? "GET", path, init.body);
}
