import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import tar from "tar-stream";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { agentStats, seedAuditBenchmark, setAgent, waitForRun } from "../support/audit-fixtures";
import { db, userWithToken } from "../support/fixtures";
import { runCli } from "../support/cli";
import { importSnapshot } from "../../lib/server/snapshots/import-snapshot";

// Crafted snapshot archives, as an attacker who gets one imported (or written into the store) would make them, on the
// real stack: `probebench snapshot import` refuses them naming the member, and an archive planted in the store is
// refused again when a run extracts it, before any model sees a byte of it (docs/security.md).
const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
const work = mkdtempSync(path.join(tmpdir(), "probebench-hostile-snapshots-"));
const store = path.join(work, "store");
const victim = mkdtempSync(path.join(tmpdir(), "probebench-victim-"));
writeFileSync(path.join(victim, "core.py"), "original\n");
const deep = (n: number, part: string) => Array.from({ length: n }, () => part).join("/");

type Member = { name: string; text?: string; type?: "file" | "symlink" | "link"; linkname?: string };

async function craft(name: string, members: Member[]): Promise<string> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const m of members) {
    if (m.type === "symlink" || m.type === "link") pack.entry({ name: m.name, type: m.type, linkname: m.linkname });
    else pack.entry({ name: m.name }, m.text ?? "x = 1\n");
  }
  pack.finalize();
  await done;
  const file = path.join(work, `${name}.tar.gz`);
  writeFileSync(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

// The archive of the review: `a -> .`, a 16-level link through it, and a README that reads the process environment.
const ESCAPE: Member[] = [
  { name: "main.py" },
  { name: "a", type: "symlink", linkname: "." },
  { name: `${deep(16, "a")}/e`, type: "symlink", linkname: deep(16, "..") },
  { name: "README.md", type: "symlink", linkname: "e/proc/self/environ" },
];

const cli = (args: string[]) => runCli(args, { SNAPSHOT_STORE: store });

let bench: { slug: string; ref: string; repo: string };
let admin: { id: string; token: string; email: string };

beforeAll(async () => {
  admin = await userWithToken("admin");
  bench = await seedAuditBenchmark(1, "hostile");
});

describe("crafted snapshot archives", () => {
  it.each<[string, Member[], string]>([
    [
      "a link through a link to the root",
      ESCAPE,
      `The snapshot member "${deep(16, "a")}/e" passes through the symbolic link a`,
    ],
    [
      "a file written through a link",
      [
        { name: "out", type: "symlink", linkname: victim },
        { name: "out/core.py", text: "overwritten\n" },
      ],
      'The snapshot member "out/core.py" passes through the symbolic link out',
    ],
    [
      "a name of 300 bytes, which no file system takes",
      [{ name: "main.py" }, { name: `src/${"n".repeat(300)}` }],
      `The snapshot member "src/${"n".repeat(300)}" has a name of 300 bytes`,
    ],
    [
      "a README reading the environment",
      [{ name: "main.py" }, { name: "README.md", type: "symlink", linkname: "/proc/self/environ" }],
      "Symbolic links that leave the repository are refused: README.md -> /proc/self/environ",
    ],
  ])("`snapshot import` refuses %s, naming the member, and stores nothing", async (label, members, message) => {
    const other = await seedAuditBenchmark(1, "hostile-import");
    const archive = await craft(label.replace(/\W+/g, "-"), members);
    const result = await cli(["snapshot", "import", "--benchmark", other.ref, "--repo", other.repo, archive]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect(existsSync(store) ? readdirSync(store) : []).toEqual([]);
    expect(readFileSync(path.join(victim, "core.py"), "utf8")).toBe("original\n");
    expect(readdirSync(victim)).toEqual(["core.py"]);
  });

  it("an archive planted in the store is refused at extraction: the run fails, no model call, nothing written outside", async () => {
    const snapshot = await db.repositorySnapshot.findFirstOrThrow({
      where: { repository: { name: bench.repo, benchmark: { slug: bench.slug } } },
    });
    const storePath = path.resolve(process.env.SNAPSHOT_STORE!, snapshot.storagePath);
    const planted = await craft("planted", [
      { name: "mod0/core.py" },
      { name: "out", type: "symlink", linkname: victim },
      { name: "out/core.py", text: "overwritten\n" },
      ...ESCAPE.slice(1),
    ]);
    // The store is content-addressed and shared with other suites' identical trees: the original goes back after.
    const original = readFileSync(storePath);
    writeFileSync(storePath, readFileSync(planted));
    try {
      await setAgent(fakeUrl, {});
      const response = await fetch(`${webUrl}/api/v1/admin/runs`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
        body: JSON.stringify({ benchmark: bench.ref, model: "fake-auditor-1", harness: "probe-passes" }),
      });
      expect(response.status).toBe(202);
      const { id } = (await response.json()) as { id: string };
      const run = await waitForRun(webUrl, admin.token, id, (r) => r.finished_at !== null);
      // The full harness extracts the snapshot for its context document first: the run fails to start, saying why.
      expect(run).toMatchObject({
        status: "failed",
        error: 'The snapshot member "out/core.py" passes through the symbolic link out',
      });
      expect(run.passes.every((p) => p.status === "skipped")).toBe(true);
      expect(await agentStats(fakeUrl)).toMatchObject({ requests: 0, contextCalls: 0 });
      expect(readFileSync(path.join(victim, "core.py"), "utf8")).toBe("original\n");
      expect(readdirSync(victim)).toEqual(["core.py"]);
    } finally {
      writeFileSync(storePath, original);
    }
  });

  it("counts hard links as the copies they become: one 4 MiB file and 40 links under a 16 MiB limit is refused", async () => {
    const other = await seedAuditBenchmark(1, "hostile-links");
    const links = Array.from({ length: 40 }, (_, i): Member => ({ name: `c${i}`, type: "link", linkname: "big" }));
    const archive = await craft("links", [{ name: "big", text: "x".repeat(4 * 1024 ** 2) }, ...links]);
    const result = await runCli(["snapshot", "import", "--benchmark", other.ref, "--repo", other.repo, archive], {
      SNAPSHOT_STORE: store,
      SNAPSHOT_MAX_BYTES: String(16 * 1024 ** 2),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("counting each hard link as a copy of its file");
    expect(existsSync(store) ? readdirSync(store) : []).toEqual([]);
  });
});

// A snapshot imported under older rules that extraction now refuses (here: a 300-byte name) left its repository
// stuck: every run failed and a corrected import was refused as a conflict. An admin replaces it, audit-logged; a
// snapshot that extracts is never replaced.
describe("replacing a snapshot that cannot be extracted", () => {
  it("refuses a corrected import without --replace, replaces it for an admin with a reason, and logs it", async () => {
    const target = await seedAuditBenchmark(1, "replace");
    const repository = await db.repository.findFirstOrThrow({
      where: { name: target.repo, benchmark: { slug: target.slug } },
      include: { snapshot: true },
    });
    const broken = await craft("broken", [{ name: "mod0/core.py" }, { name: `mod0/${"n".repeat(300)}.py` }]);
    // In the store the worker and this process share (not this file's own): the refusals below run in-process.
    const shared = process.env.SNAPSHOT_STORE!;
    const fakeSha = "0".repeat(64);
    mkdirSync(path.join(shared, "00"), { recursive: true });
    copyFileSync(broken, path.join(shared, "00", `${fakeSha}.tar.gz`));
    await db.repositorySnapshot.update({
      where: { id: repository.snapshot!.id },
      data: { sha256: fakeSha, storagePath: `00/${fakeSha}.tar.gz` },
    });
    const fixed = await craft("fixed", [{ name: "mod0/core.py" }, { name: "mod0/short.py" }]);
    const importing = (...extra: string[]) =>
      runCli(["snapshot", "import", "--benchmark", target.ref, "--repo", target.repo, fixed, ...extra]);

    const stuck = await importing();
    expect(stuck.code).not.toBe(0);
    expect(stuck.stderr).toContain(`which cannot be extracted (The snapshot member "mod0/${"n".repeat(300)}.py"`);
    expect(stuck.stderr).toContain("an admin can replace it: add --replace --admin <email> --reason <text>");
    // The same call the command makes, for the refusals (each command start costs seconds on a loaded machine).
    const user = await userWithToken("user");
    const replace = (source: string, adminEmail: string) =>
      importSnapshot({
        benchmark: target.ref,
        repo: target.repo,
        source,
        replace: { adminEmail, reason: "fixed the long name" },
      });
    await expect(replace(fixed, user.email)).rejects.toThrow(`${user.email} is not an admin's email`);

    const replaced = await importing("--replace", "--admin", admin.email, "--reason", "fixed the long name");
    expect(replaced.stderr).toBe("");
    expect(replaced.stdout).toMatch(/^Replaced: acme\/tool in .*, sha256 [0-9a-f]{64}, 2 files/);
    const snapshot = await db.repositorySnapshot.findUniqueOrThrow({
      where: { id: repository.snapshot!.id },
      include: { plans: true },
    });
    expect(snapshot.sha256).not.toBe(fakeSha);
    expect(snapshot.plans).toHaveLength(1);
    expect(existsSync(path.join(shared, snapshot.storagePath))).toBe(true);
    const logged = await db.auditLog.findFirstOrThrow({ where: { target: `snapshot:${snapshot.id}` } });
    expect(logged).toMatchObject({
      actorId: admin.id,
      action: "snapshot.replace",
      reason: "fixed the long name",
      details: { from: fakeSha, to: snapshot.sha256 },
    });

    // Now it extracts: another replacement is refused.
    const other = await craft("other", [{ name: "mod0/core.py" }, { name: "mod0/other.py" }]);
    await expect(replace(other, admin.email)).rejects.toThrow("and it extracts: a version's snapshots never change");
  }, 300_000);
});
