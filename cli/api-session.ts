import { Option, type Command } from "commander";
import { type z } from "zod";
import { createApiClient } from "../lib/api-client";
import { formatPath } from "../lib/errors";
import { configDir, readLogins } from "./credentials";
import { AuthError, UsageError } from "./exit-codes";
import { DEFAULT_SERVER_URL, normaliseServerUrl } from "./server-url";

// Which server a command talks to and with which token: --url / PROBEBENCH_URL, else the server of the last
// `probebench login`, else http://localhost:3000; --token / PROBEBENCH_TOKEN, else the token stored for that server.

export type ApiFlags = { url?: string; token?: string; json?: boolean };

export type ApiSession = {
  url: string;
  token?: string;
  /** Where the token came from, for the hints of auth errors. */
  tokenSource: "flag" | "login" | "none";
  client: ReturnType<typeof createApiClient>;
};

/** Adds --url, --token and --json to a command that talks to the server. */
export function apiOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option("--url <url>", `server URL (default: the last login's, else ${DEFAULT_SERVER_URL})`).env(
        "PROBEBENCH_URL",
      ),
    )
    .addOption(
      new Option("--token <token>", "API token (default: the one `probebench login` stored)").env("PROBEBENCH_TOKEN"),
    )
    .option("--json", "print JSON on stdout, errors included");
}

/** The stored-login directory for this process. */
export const cliConfigDir = () => configDir({ XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, HOME: process.env.HOME });

export function apiSession(flags: ApiFlags): ApiSession {
  const logins = readLogins(cliConfigDir());
  const url = flags.url
    ? normaliseServerUrl(flags.url)
    : logins.default_url
      ? normaliseServerUrl(logins.default_url, "the stored login's URL")
      : DEFAULT_SERVER_URL;
  const stored = logins.hosts[url]?.token;
  const token = flags.token?.trim() || stored;
  const client = createApiClient({
    baseUrl: url,
    token,
    unreachable: `Cannot reach the probebench server at ${url}; is it running? (set --url or PROBEBENCH_URL)`,
  });
  return { url, token, tokenSource: flags.token?.trim() ? "flag" : stored ? "login" : "none", client };
}

/** Throws the auth error of a command that needs a token when there is none. */
export function requireToken(session: ApiSession, what = "An API token"): string {
  if (session.token) return session.token;
  throw new AuthError(
    `${what} is required: run \`probebench login\` once, or pass --token / set PROBEBENCH_TOKEN (an admin creates one with \`probebench token create\`)`,
  );
}

/** A usage error listing each problem under the flag it came from. */
export function usageError(issues: { path: string; message: string }[]): UsageError {
  return new UsageError(
    `The command line is invalid: ${issues.length} problem${issues.length === 1 ? "" : "s"}`,
    issues,
  );
}

/**
 * Checks flag values with a schema, naming each problem by its flag (`--cost-usd`), as a usage error. The keys of
 * `values` are the flags as typed.
 */
export function parseFlags<S extends z.ZodType>(schema: S, values: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw usageError(
    parsed.error.issues.map((i) => ({
      path: i.path.length ? formatPath(i.path) : "(command line)",
      message: i.message,
    })),
  );
}
