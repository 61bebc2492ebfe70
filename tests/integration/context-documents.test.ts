import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../support/fixtures";
import { agentStats, seedAuditBenchmark, setAgent, waitForRun } from "../support/audit-fixtures";
import { call, createTestUser, signIn, type TestUser } from "./authz-support";

// Maintainers read and edit a repository's context documents (audit: F.5.1, panel: F.6.1); an edit is audit-logged,
// and an in-house run reads the edited text instead of generating its own.
const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
let bench: { slug: string; ref: string; repo: string };
let maintainer: TestUser & { cookie: string };
let admin: TestUser;

beforeAll(async () => {
  bench = await seedAuditBenchmark(1, "context");
  const m = await createTestUser("maintainer");
  maintainer = { ...m, cookie: await signIn(webUrl, m) };
  admin = await createTestUser("admin");
});

describe("context documents", () => {
  const path = (kind: string) => `/api/v1/repositories/${bench.repo}/context/${kind}?benchmark=${bench.ref}`;

  it("starts empty, takes a maintainer's edit (audit-logged) and shows who wrote it", async () => {
    const empty = await call(webUrl, "GET", path("audit"), { cookie: maintainer.cookie });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({
      benchmark: bench.ref,
      repository: bench.repo,
      kind: "audit",
      text: null,
      source: null,
    });
    const text = "# acme/tool\n\nMAINTAINER-CONTEXT: division by zero is rejected upstream by the CLI.";
    const saved = await call(
      webUrl,
      "PUT",
      path("audit"),
      { cookie: maintainer.cookie },
      { text, reason: "clarify scope" },
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      text,
      source: "maintainer",
      model: "maintainer-edit",
      edited_by: maintainer.email,
    });
    const log = await db.auditLog.findFirstOrThrow({
      where: { action: "context_document.edit", actorId: maintainer.id },
      orderBy: { createdAt: "desc" },
    });
    expect(log.reason).toBe("clarify scope");
    expect(log.details).toMatchObject({ repository: bench.repo, kind: "audit", previous_chars: 0, chars: text.length });
    const panel = await call(webUrl, "GET", path("panel"), { cookie: maintainer.cookie });
    expect(panel.json.text).toBeNull();
  });

  it("names what is wrong with a bad request", async () => {
    const kind = await call(webUrl, "GET", path("other"), { cookie: maintainer.cookie });
    expect(kind.json.error.message).toBe("The document kind is invalid: 1 problem");
    expect(kind.json.error.issues).toEqual([{ path: "kind", message: "must be audit or panel" }]);
    const blank = await call(webUrl, "PUT", path("panel"), { cookie: maintainer.cookie }, { text: "   " });
    expect(blank.status).toBe(422);
    expect(blank.json.error.issues).toEqual([{ path: "text", message: "must not be empty" }]);
    const long = await call(webUrl, "PUT", path("panel"), { cookie: maintainer.cookie }, { text: "x".repeat(100_001) });
    expect(long.json.error.issues).toEqual([{ path: "text", message: "must be at most 100000 characters" }]);
    const missing = await call(
      webUrl,
      "GET",
      `/api/v1/repositories/acme/nothing/context/audit?benchmark=${bench.ref}`,
      { cookie: maintainer.cookie },
    );
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe(`acme/nothing is not a repository of ${bench.ref}`);
  });

  it("is what every pass of a full-harness run reads; the edit is never replaced by a generated one", async () => {
    await setAgent(fakeUrl, {});
    const created = await call(
      webUrl,
      "POST",
      "/api/v1/admin/runs",
      { token: admin.token },
      { benchmark: bench.ref, model: "fake-auditor-1", harness: "probe-passes" },
    );
    expect(created.status).toBe(202);
    const run = await waitForRun(webUrl, admin.token, created.json.id, (r) => r.finished_at !== null);
    expect(run.status).toBe("done");
    expect((await agentStats(fakeUrl)).contextCalls).toBe(0);
    const pass = await call(webUrl, "GET", `/api/v1/admin/runs/${created.json.id}/passes/${run.passes[0]!.id}`, {
      token: admin.token,
    });
    expect(pass.json.transcript[1].content).toContain("MAINTAINER-CONTEXT: division by zero is rejected upstream");
    const doc = await call(webUrl, "GET", path("audit"), { cookie: maintainer.cookie });
    expect(doc.json.source).toBe("maintainer");
  });

  it("shows the editor on the repository page to maintainers only", async () => {
    const page = await call(webUrl, "GET", `/repositories/${bench.repo}?benchmark=${bench.ref}`, {
      cookie: maintainer.cookie,
    });
    expect(page.text).toContain("Audit context document");
    const anonymous = await call(webUrl, "GET", `/repositories/${bench.repo}?benchmark=${bench.ref}`);
    expect(anonymous.text).not.toContain("Audit context document");
    expect(anonymous.text).not.toContain("MAINTAINER-CONTEXT");
  });
});
