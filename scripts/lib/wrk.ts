// Load generation with wrk (Debian's `wrk`): keep-alive connections, HTTP/1.1, TLS without verification. Used by
// `npm run bench:pages -- --via-proxy`, where the Node client of the plain bench would be the bottleneck (it cannot
// load nginx anywhere near its limit on two cores).
import { run } from "./processes";

export type WrkResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: string | null;
  non2xx: number;
};

/** A wrk duration ("812.00us", "4.51ms", "1.20s", "2.00m") in milliseconds. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`unexpected wrk duration "${text}"`);
  const value = Number(match[1]);
  return value * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

function parseWrk(output: string): WrkResult {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output);
    if (!match) throw new Error(`no ${p}% latency in wrk output:\n${output}`);
    return durationMs(match[1]!);
  };
  const total = /(\d+) requests in ([\d.]+\w+),/.exec(output);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const max = /Latency\s+\S+\s+\S+\s+(\S+)/.exec(output);
  if (!total || !rps || !max) throw new Error(`unexpected wrk output:\n${output}`);
  return {
    requests: Number(total[1]),
    seconds: durationMs(total[2]!) / 1000,
    rps: Number(rps[1]),
    p50: percentile(50),
    p90: percentile(90),
    p99: percentile(99),
    max: durationMs(max[1]!),
    errors: /Socket errors: (.*)/.exec(output)?.[1] ?? null,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

export async function runWrk(
  url: string,
  opts: { connections: number; seconds: number; threads?: number },
): Promise<WrkResult> {
  const output = await run(
    "wrk",
    [
      "--latency",
      "-t",
      String(opts.threads ?? 2),
      "-c",
      String(opts.connections),
      "-d",
      `${opts.seconds}s`,
      "--timeout",
      "10s",
      url,
    ],
    { quiet: true },
  );
  return parseWrk(output);
}
