import { z } from "zod";

// A small client for the probebench HTTP API, used by the CLI.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })).optional() }),
});

export function createApiClient(baseUrl: string, token?: string) {
  const root = baseUrl.replace(/\/+$/, "");
  async function request(method: string, path: string, body?: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body,
      });
    } catch {
      throw new ApiError(0, `Cannot reach the probebench server at ${root}; is it running? (set --url or PROBEBENCH_URL)`);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* a non-JSON body is reported below by status */
    }
    if (!response.ok) {
      const error = errorBodySchema.safeParse(parsed);
      if (error.success) throw new ApiError(response.status, error.data.error.message, error.data.error.issues ?? []);
      throw new ApiError(response.status, `HTTP ${response.status} from ${path}`);
    }
    return parsed;
  }
  return {
    submit: (fileText: string) => request("POST", "/api/v1/submissions", fileText),
    status: (id: string) => request("GET", `/api/v1/submissions/${encodeURIComponent(id)}`),
    benchmarks: () => request("GET", "/api/v1/benchmarks"),
  };
}
