import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const BIN = path.resolve("bin/probebench.js");

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Runs `npx probebench ...` as a user would (bin/probebench.js), with extra environment and optionally another working
 * directory; never throws on exit codes.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string } = {},
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      cwd: options.cwd,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
