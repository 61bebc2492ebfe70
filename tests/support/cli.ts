import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `npx probebench ...` as a user would (bin/probebench.js), with extra environment; never throws on exit codes. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["bin/probebench.js", ...args], {
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
