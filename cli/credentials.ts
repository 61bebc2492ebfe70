import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";

// `probebench login` keeps a token per server in the user's config directory, as gh and huggingface-cli do:
// $XDG_CONFIG_HOME/probebench/hosts.json (default ~/.config/probebench), readable by the user alone (0600 in a 0700
// directory). Later commands use it when neither --token nor PROBEBENCH_TOKEN is given.

const hostsFileSchema = z.object({
  /** The server of the last login: commands without --url or PROBEBENCH_URL talk to it. */
  default_url: z.string().optional(),
  hosts: z.record(
    z.string(),
    z.object({ token: z.string().min(1), user: z.string().optional(), saved_at: z.string().optional() }),
  ),
});
type HostsFile = z.infer<typeof hostsFileSchema>;

/** The directory, from the environment the CLI was started with. */
export function configDir(environment: { XDG_CONFIG_HOME?: string; HOME?: string }): string {
  const base = environment.XDG_CONFIG_HOME?.trim() || path.join(environment.HOME?.trim() || homedir(), ".config");
  return path.join(base, "probebench");
}

const hostsPath = (dir: string) => path.join(dir, "hosts.json");

/** The stored logins; an absent or unreadable file is no logins (a login writes a fresh one). */
export function readLogins(dir: string): HostsFile {
  try {
    const parsed = hostsFileSchema.safeParse(JSON.parse(readFileSync(hostsPath(dir), "utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    /* no file yet */
  }
  return { hosts: {} };
}

function writeLogins(dir: string, logins: HostsFile): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = hostsPath(dir);
  // Written beside and renamed, so a crash never leaves half a file; the mode is set before the token is in it.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, "", { mode: 0o600 });
  chmodSync(temporary, 0o600);
  writeFileSync(temporary, `${JSON.stringify(logins, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** Stores a token for a server and makes it the default server; the file's path. */
export function saveLogin(dir: string, url: string, entry: { token: string; user?: string }): string {
  const logins = readLogins(dir);
  logins.hosts[url] = { ...entry, saved_at: new Date().toISOString() };
  logins.default_url = url;
  return writeLogins(dir, logins);
}

/** Forgets a server's token; whether there was one. */
export function removeLogin(dir: string, url: string): boolean {
  const logins = readLogins(dir);
  if (!logins.hosts[url]) return false;
  delete logins.hosts[url];
  if (logins.default_url === url) delete logins.default_url;
  if (Object.keys(logins.hosts).length === 0) rmSync(hostsPath(dir), { force: true });
  else writeLogins(dir, logins);
  return true;
}
