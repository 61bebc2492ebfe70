// The prelude both sandboxes put before a command (docker-sandbox.ts, process-sandbox.ts): `timeout -s KILL` at
// the exec's wall limit, in whole seconds. The command then dies by SIGKILL, exit status 137 from inside, at that
// limit; a SIGKILL well before it is the OOM killer's (or prlimit's CPU limit).

/** An exec's wall limit in whole seconds, at least one. */
export function execTimeoutSeconds(timeoutMs: number): number {
  return Math.max(1, Math.ceil(timeoutMs / 1000));
}

/** `argv` under `timeout -s KILL <seconds>`. */
export function underTimeout(argv: string[], timeoutS: number): string[] {
  return ["timeout", "-s", "KILL", String(timeoutS), ...argv];
}

/** The exit status of a command killed by SIGKILL (by `timeout` at its limit, or by the OOM killer). */
export const KILLED_EXIT_STATUS = 137;

/** Whether an exec that started at `startedAt` ran to its wall limit (within the 250 ms `timeout` may be early). */
export function reachedTimeLimit(startedAt: number, timeoutMs: number): boolean {
  return Date.now() - startedAt >= timeoutMs - 250;
}
