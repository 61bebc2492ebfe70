// The little of git's smart HTTP protocol (v0, gitprotocol-http and gitprotocol-pack) a build needs to fetch one
// branch as a bundle: the ref advertisement read, one upload-pack request (every object of the wanted commits, no
// thin pack), and the pack taken out of side band 1. The pack itself is never parsed here: its bytes go into a bundle
// that git, in the sandbox, clones with every object checked (worker/features/benchmark-build/git-sandbox.ts). Written
// by hand because only pkt-line framing is needed and no maintained package does just that.

export type RefAdvertisement = { refs: Map<string, string>; headTarget: string | null };

const FLUSH = "0000";

function pktLine(text: string): string {
  return (text.length + 4).toString(16).padStart(4, "0") + text;
}

/** Splits pkt-lines; a flush (0000) is `null`. Throws on malformed framing. */
export function splitPktLines(data: Buffer): (Buffer | null)[] {
  const out: (Buffer | null)[] = [];
  let at = 0;
  while (at < data.length) {
    const length = parseLength(data, at);
    if (length === 0) {
      out.push(null);
      at += 4;
      continue;
    }
    if (at + length > data.length) throw new Error("truncated pkt-line");
    out.push(data.subarray(at + 4, at + length));
    at += length;
  }
  return out;
}

function parseLength(data: Buffer, at: number): number {
  const hex = data.subarray(at, at + 4).toString("latin1");
  if (!/^[0-9a-f]{4}$/.test(hex)) throw new Error("malformed pkt-line length");
  const length = parseInt(hex, 16);
  if (length !== 0 && length < 4) throw new Error("malformed pkt-line length");
  return length;
}

/** The refs of `GET info/refs?service=git-upload-pack`, and the branch HEAD points at (its `symref` capability). */
export function parseRefAdvertisement(data: Buffer): RefAdvertisement {
  const lines = splitPktLines(data);
  const first = lines[0]?.toString("utf8") ?? "";
  if (!first.startsWith("# service=git-upload-pack")) throw new Error("not a git upload-pack advertisement");
  const refs = new Map<string, string>();
  let headTarget: string | null = null;
  for (const line of lines.slice(1)) {
    if (line === null) continue;
    const [main = "", caps] = line.toString("utf8").replace(/\n$/, "").split("\0");
    const match = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+)$/.exec(main);
    if (!match) continue;
    refs.set(match[2]!, match[1]!);
    const symref = caps?.split(" ").find((c) => c.startsWith("symref=HEAD:"));
    if (symref) headTarget = symref.slice("symref=HEAD:".length);
  }
  if (!headTarget && refs.has("HEAD")) {
    const head = refs.get("HEAD");
    headTarget = [...refs].find(([name, sha]) => name.startsWith("refs/heads/") && sha === head)?.[0] ?? null;
  }
  return { refs, headTarget };
}

/** The body of `POST git-upload-pack` wanting `shas` (every object reachable from them) with the pack on band 1. */
export function uploadPackRequest(shas: readonly string[]): Buffer {
  const [first, ...rest] = shas;
  if (!first) throw new Error("nothing to fetch");
  const lines = [
    pktLine(`want ${first} side-band-64k ofs-delta no-progress agent=git/probebench\n`),
    ...rest.map((sha) => pktLine(`want ${sha}\n`)),
    FLUSH,
    pktLine("done\n"),
  ];
  return Buffer.from(lines.join(""), "latin1");
}

/**
 * Reads an upload-pack answer chunk by chunk: the acknowledgements (NAK) before the pack, then side-band pkt-lines:
 * band 1 is the pack (handed to `onPack`), 2 progress (ignored), 3 the server's error.
 */
export class SidebandReader {
  private pending: Buffer = Buffer.alloc(0);
  private inPack = false;
  done = false;
  serverError: string | null = null;

  constructor(private readonly onPack: (chunk: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 4 && !this.done) {
      const length = parseLength(this.pending, 0);
      if (length === 0) {
        this.pending = this.pending.subarray(4);
        if (this.inPack) this.done = true;
        continue;
      }
      if (this.pending.length < length) return;
      const payload = this.pending.subarray(4, length);
      this.pending = this.pending.subarray(length);
      if (!this.inPack) {
        const text = payload.toString("latin1");
        if (text.startsWith("NAK") || text.startsWith("ACK")) {
          this.inPack = true;
          continue;
        }
        if (text.startsWith("ERR ")) {
          this.serverError = text.slice(4).trim().slice(0, 200);
          this.done = true;
          return;
        }
        this.inPack = true;
      }
      const band = payload[0];
      if (band === 1) this.onPack(payload.subarray(1));
      else if (band === 3) {
        this.serverError = payload.subarray(1).toString("utf8").trim().slice(0, 200);
        this.done = true;
      }
    }
  }
}

/** A v2 bundle's header naming `refs` (name to sha); the pack follows it. */
export function bundleHeader(refs: ReadonlyMap<string, string>): Buffer {
  const lines = [...refs].map(([name, sha]) => `${sha} ${name}\n`);
  return Buffer.from(`# v2 git bundle\n${lines.join("")}\n`, "utf8");
}
