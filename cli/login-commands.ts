import { Option, type Command } from "commander";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { ApiError, createApiClient } from "../lib/api-client";
import { submissionsRoutes } from "../lib/contracts/submissions-routes";
import { cliConfigDir } from "./api-session";
import { AuthError } from "./exit-codes";
import { removeLogin, saveLogin } from "./credentials";
import { DEFAULT_SERVER_URL, normaliseServerUrl } from "./server-url";

// `probebench login` and `logout`: sign in once per server with an API token (created at /account/tokens), as
// `gh auth login --with-token` and `huggingface-cli login` do; the token is checked against the server before it is
// stored (cli/credentials.ts).

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** Asks for the token on a terminal without echoing it; reads stdin when it is a pipe. */
async function promptToken(url: string): Promise<string> {
  if (!process.stdin.isTTY) return (await readAll(process.stdin)).trim();
  process.stderr.write(`Paste an API token for ${url} (create one at ${url}/account/tokens): `);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return (await rl.question("")).trim();
  } finally {
    rl.close();
    process.stderr.write("\n");
  }
}

export function addLoginCommands(program: Command): void {
  program
    .command("login")
    .description(
      "check an API token against the server and store it in your config directory for later commands ($XDG_CONFIG_HOME/probebench, mode 0600)",
    )
    .addOption(new Option("--url <url>", `server URL (default ${DEFAULT_SERVER_URL})`).env("PROBEBENCH_URL"))
    .addOption(
      new Option("--token <token>", "the token (default: read from stdin, or asked for on a terminal)").env(
        "PROBEBENCH_TOKEN",
      ),
    )
    .option("--json", "print JSON on stdout, errors included")
    .action(async (opts: { url?: string; token?: string; json?: boolean }) => {
      const url = normaliseServerUrl(opts.url ?? DEFAULT_SERVER_URL);
      const token = opts.token?.trim() || (await promptToken(url));
      if (!token) throw new AuthError("No token given: pass --token, pipe one on stdin, or paste one when asked");
      const client = createApiClient({
        baseUrl: url,
        token,
        unreachable: `Cannot reach the probebench server at ${url}; is it running? (set --url)`,
      });
      let note = "";
      try {
        await client.call(submissionsRoutes.getSubmissions, { query: { per_page: 1 } });
      } catch (error) {
        // A token without the read scope is still a valid token (a submit-only token for CI).
        if (!(error instanceof ApiError && error.status === 403)) throw error;
        note = " (it lacks the `read` scope: `status` of unapproved entries will not work)";
      }
      const file = saveLogin(cliConfigDir(), url, { token });
      if (opts.json) console.log(JSON.stringify({ url, stored_in: file }, null, 2));
      else console.error(`Signed in to ${url}${note}; the token is stored in ${file}`);
    });

  program
    .command("logout")
    .description("forget the token stored for a server (it stays valid until it expires: revoke it at /account/tokens)")
    .addOption(new Option("--url <url>", "server URL (default: the last login's)").env("PROBEBENCH_URL"))
    .option("--json", "print JSON on stdout, errors included")
    .action(async (opts: { url?: string; json?: boolean }) => {
      const { readLogins } = await import("./credentials");
      const dir = cliConfigDir();
      const given = opts.url ?? readLogins(dir).default_url ?? DEFAULT_SERVER_URL;
      const url = normaliseServerUrl(given);
      const removed = removeLogin(dir, url);
      if (opts.json) console.log(JSON.stringify({ url, removed }, null, 2));
      else
        console.error(
          removed
            ? `Signed out of ${url}: the token is no longer stored here (revoke it at ${url}/account/tokens to end it)`
            : `No stored login for ${url}`,
        );
    });
}
