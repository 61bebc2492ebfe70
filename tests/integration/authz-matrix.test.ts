import { beforeAll, describe, expect, inject, it } from "vitest";
import { finding, seedBenchmark, waitForStatus } from "../support/fixtures";
import { call, createTestUser, signIn, type Auth, type TestUser } from "./authz-support";

// Every mutating endpoint and every private read, for anonymous / user / maintainer / admin, with exact status
// codes. "user" is a stranger to the submissions under test; their submitter ("owner") is checked separately.
// Each role is tried both as a browser session (cookie + same-origin Origin) and as an API client (bearer token).

const webUrl = inject("webUrl");
type Who = "anonymous" | "user" | "maintainer" | "admin";
type Mode = "session" | "token";

let slug: string;
let owner: TestUser;
const people = {} as Record<Exclude<Who, "anonymous">, TestUser & { cookie: string }>;
let ownerCookie: string;
const ids = {} as Record<
  | "pending"
  | "approved"
  | "withdrawable"
  | "reviewSession"
  | "reviewToken"
  | "ownerToken"
  | "patchTarget"
  | "overrideTarget",
  string
>;

function file(model: string) {
  return {
    benchmark: slug,
    model,
    findings: [finding("P1", "acme/parser", "parser/lexer.py", 42, 47, "Final token lost without trailing newline")],
  };
}

async function upload(model: string): Promise<string> {
  const created = await call(webUrl, "POST", "/api/v1/submissions", { token: owner.token }, file(model));
  expect(created.status).toBe(202);
  return created.json.id;
}

function auth(who: Who, mode: Mode): Auth {
  if (who === "anonymous") return {};
  return mode === "session" ? { cookie: people[who].cookie } : { token: people[who].token };
}

beforeAll(async () => {
  slug = await seedBenchmark();
  owner = await createTestUser("user");
  ownerCookie = await signIn(webUrl, owner);
  for (const role of ["user", "maintainer", "admin"] as const) {
    const person = await createTestUser(role);
    people[role] = { ...person, cookie: await signIn(webUrl, person) };
  }
  // One upload after another (a user may have only two in flight), then all are scored side by side.
  const uploaded: string[] = [];
  for (const m of ["Pending", "Approved", "Withdrawable", "Review A", "Review B"])
    uploaded.push(await upload(`Matrix ${m}`));
  await Promise.all(uploaded.map((id) => waitForStatus(webUrl, id, owner.token)));
  [ids.pending, ids.approved, ids.withdrawable, ids.reviewSession, ids.reviewToken] = uploaded as [
    string,
    string,
    string,
    string,
    string,
  ];
  const approve = await call(
    webUrl,
    "POST",
    `/api/v1/admin/submissions/${ids.approved}/review`,
    { token: people.admin.token },
    { decision: "approve" },
  );
  expect(approve.status).toBe(200);
  const token = await call(webUrl, "POST", "/api/v1/tokens", { cookie: ownerCookie }, { name: "matrix" });
  expect(token.status).toBe(201);
  ids.ownerToken = token.json.id;
  ids.patchTarget = (await createTestUser("user")).id;
  // Overrides rescore every submission holding the finding text: this one has a text of its own, so the rows above
  // (which need scored submissions) are not disturbed. Another uploader keeps the owner within the daily quota.
  const uploader = await createTestUser("user");
  const target = await call(
    webUrl,
    "POST",
    "/api/v1/submissions",
    { token: uploader.token },
    {
      benchmark: slug,
      model: "Matrix Override",
      findings: [finding("P2", "acme/parser", "parser/ast.py", 101, 104, "Matrix override: exponent binds loosely")],
    },
  );
  expect(target.status).toBe(202);
  ids.overrideTarget = target.json.id;
  await waitForStatus(webUrl, ids.overrideTarget, uploader.token);
});

type Row = {
  name: string;
  method: string;
  path: (mode: Mode) => string;
  body?: unknown;
  expect: Record<Who, number>;
  // differences when the caller uses an API token instead of a session
  token?: Partial<Record<Who, number>>;
};

const rows: Row[] = [
  {
    name: "read someone else's pending submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.pending}`,
    expect: { anonymous: 404, user: 404, maintainer: 200, admin: 200 },
  },
  {
    name: "read an approved submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.approved}`,
    expect: { anonymous: 200, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "read an unknown submission id",
    method: "GET",
    path: () => "/api/v1/submissions/ckunknownid0000000000000",
    expect: { anonymous: 404, user: 404, maintainer: 404, admin: 404 },
  },
  {
    name: "list my submissions",
    method: "GET",
    path: () => "/api/v1/submissions",
    expect: { anonymous: 401, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "upload a findings file",
    method: "POST",
    path: () => "/api/v1/submissions?allow_duplicate=true",
    body: { benchmark: "@slug", model: "Matrix upload", findings: [] },
    expect: { anonymous: 401, user: 202, maintainer: 202, admin: 202 },
  },
  {
    name: "withdraw someone else's submission",
    method: "POST",
    path: () => `/api/v1/submissions/${ids.withdrawable}/withdraw`,
    body: {},
    expect: { anonymous: 401, user: 404, maintainer: 403, admin: 403 },
  },
  {
    name: "list my API tokens",
    method: "GET",
    path: () => "/api/v1/tokens",
    expect: { anonymous: 401, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "create an API token",
    method: "POST",
    path: () => "/api/v1/tokens",
    body: { name: "made in the matrix" },
    expect: { anonymous: 401, user: 201, maintainer: 201, admin: 201 },
    token: { user: 403, maintainer: 403, admin: 403 },
  },
  {
    name: "revoke someone else's API token",
    method: "DELETE",
    path: () => `/api/v1/tokens/${ids.ownerToken}`,
    expect: { anonymous: 401, user: 404, maintainer: 404, admin: 404 },
  },
  {
    name: "read the review queue",
    method: "GET",
    path: () => "/api/v1/admin/submissions",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "approve a submission",
    method: "POST",
    path: (mode) => `/api/v1/admin/submissions/${mode === "session" ? ids.reviewSession : ids.reviewToken}/review`,
    body: { decision: "approve", reason: "matrix" },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "list users",
    method: "GET",
    path: () => "/api/v1/admin/users",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "change a user's role and quota",
    method: "PATCH",
    path: () => `/api/v1/admin/users/${ids.patchTarget}`,
    body: { role: "maintainer", submission_quota_per_day: 7, reason: "matrix" },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "list benchmark versions",
    method: "GET",
    path: () => "/api/v1/admin/benchmarks",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  // The version exists already, so an admin's import is refused after authorization (409).
  {
    name: "import a benchmark version",
    method: "POST",
    path: () => "/api/v1/admin/benchmarks",
    body: {
      slug: "@slug",
      name: "Matrix",
      version: "1",
      snapshot_date: "2025-01-01",
      repositories: [{ name: "acme/parser", language: "python" }],
      reference_bugs: [],
    },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 409 },
  },
  // The matrix's version has no taxonomy, so an admin's start is refused after authorization (409).
  {
    name: "classify a version's reference bugs",
    method: "POST",
    path: () => `/api/v1/admin/benchmarks/${encodeURIComponent(`${slug}@1`)}/reference-attribution`,
    body: {},
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 409 },
  },
  {
    name: "read the audit log",
    method: "GET",
    path: () => "/api/v1/admin/audit-log",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  // In-house runs: admins only. The matrix's benchmark has no snapshot, so an admin's launch is refused after
  // authorization (422), and unknown run ids are 404 for admins only.
  {
    name: "launch an in-house run",
    method: "POST",
    path: () => "/api/v1/admin/runs",
    body: { benchmark: "@slug", model: "Matrix run", harness: "vanilla" },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 422 },
  },
  {
    name: "list in-house runs",
    method: "GET",
    path: () => "/api/v1/admin/runs",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "read an in-house run",
    method: "GET",
    path: () => "/api/v1/admin/runs/ckunknownrun",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 404 },
  },
  {
    name: "cancel an in-house run",
    method: "POST",
    path: () => "/api/v1/admin/runs/ckunknownrun/cancel",
    body: {},
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 404 },
  },
  {
    name: "read a pass transcript",
    method: "GET",
    path: () => "/api/v1/admin/runs/ckunknownrun/passes/ckunknownpass",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 404 },
  },
  // Candidate-judge trials: admins only. The matrix's version has no labelled pair, so an admin's start is refused
  // after authorization (409), and unknown trial ids are 404 for admins only.
  {
    name: "list judge trials",
    method: "GET",
    path: () => `/api/v1/grading/trials?benchmark=${slug}@1`,
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 200 },
  },
  {
    name: "start a judge trial",
    method: "POST",
    path: () => "/api/v1/grading/trials",
    body: { benchmark: "@slug", model: "matrix-candidate" },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 409 },
  },
  {
    name: "read a judge trial",
    method: "GET",
    path: () => "/api/v1/grading/trials/ckunknowntrial",
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 404 },
  },
  {
    name: "switch to a trial's judge",
    method: "POST",
    path: () => "/api/v1/grading/trials/ckunknowntrial/switch",
    body: {},
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 404 },
  },
  // Repeats of a scoring's verdicts (§2.3): maintainers and admins. An unknown submission is 404 after authorization.
  {
    name: "list repeats of verdicts",
    method: "GET",
    path: () => `/api/v1/grading/repeats?benchmark=${slug}@1`,
    expect: { anonymous: 401, user: 403, maintainer: 200, admin: 200 },
  },
  {
    name: "start a repeat of verdicts",
    method: "POST",
    path: () => "/api/v1/grading/repeats",
    body: { submission: "ckunknownsubmission", size: 5 },
    expect: { anonymous: 401, user: 403, maintainer: 404, admin: 404 },
  },
  {
    name: "read a repeat of verdicts",
    method: "GET",
    path: () => "/api/v1/grading/repeats/ckunknownrepeat",
    expect: { anonymous: 401, user: 403, maintainer: 404, admin: 404 },
  },
  // Context documents: maintainers and admins read and edit them; edits need a browser session.
  {
    name: "read a context document",
    method: "GET",
    path: () => `/api/v1/repositories/acme/parser/context/audit?benchmark=${slug}@1`,
    expect: { anonymous: 401, user: 403, maintainer: 200, admin: 200 },
  },
  {
    name: "edit a context document",
    method: "PUT",
    path: () => `/api/v1/repositories/acme/parser/context/panel?benchmark=${slug}@1`,
    body: { text: "Matrix edit of the panel context." },
    expect: { anonymous: 401, user: 403, maintainer: 200, admin: 200 },
    token: { user: 403, maintainer: 403, admin: 403 },
  },
  // The maintainer's workbench (docs/workbench.md). Tokens of staff carry the `admin` scope (admins and maintainers may hold it).
  {
    name: "read the matches of someone else's pending submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.pending}/matches`,
    expect: { anonymous: 404, user: 404, maintainer: 200, admin: 200 },
  },
  {
    name: "read the matches of an approved submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.approved}/matches`,
    expect: { anonymous: 200, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "read a pair of someone else's pending submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.pending}/pairs/r0-0/P1`,
    expect: { anonymous: 404, user: 404, maintainer: 200, admin: 200 },
  },
  {
    name: "read a pair of an approved submission",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.approved}/pairs/r0-0/P1`,
    expect: { anonymous: 200, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "override a match decision",
    method: "POST",
    path: () => "/api/v1/overrides",
    body: {
      submission_id: "@override",
      finding_id: "r0-0",
      reference_bug_id: "P2",
      decision: "no_match",
      reason: "matrix",
    },
    expect: { anonymous: 401, user: 403, maintainer: 201, admin: 201 },
  },
  {
    name: "list the overrides",
    method: "GET",
    path: () => "/api/v1/overrides",
    expect: { anonymous: 401, user: 403, maintainer: 200, admin: 200 },
  },
  {
    name: "withdraw an override",
    method: "DELETE",
    path: () => "/api/v1/overrides/ckunknownoverride0000000",
    expect: { anonymous: 401, user: 403, maintainer: 404, admin: 404 },
  },
  {
    name: "read a repository's reference bugs",
    method: "GET",
    path: () => `/api/v1/repositories/acme/parser/bugs?benchmark=${slug}@1`,
    expect: { anonymous: 200, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "read a reference bug and its findings",
    method: "GET",
    path: () => `/api/v1/repositories/acme/parser/bugs/P1?benchmark=${slug}@1`,
    expect: { anonymous: 200, user: 200, maintainer: 200, admin: 200 },
  },
  {
    name: "compare a pending and an approved submission",
    method: "GET",
    path: () => `/api/v1/compare?repo=acme/parser&a=${ids.approved}&b=${ids.pending}`,
    expect: { anonymous: 404, user: 404, maintainer: 200, admin: 200 },
  },
  {
    name: "start panel validation",
    method: "POST",
    path: (mode) => `/api/v1/admin/submissions/${mode === "session" ? ids.reviewSession : ids.reviewToken}/panel`,
    body: { sample_size: 1, seed: "matrix" },
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 202 },
  },
  {
    name: "start bug-type attribution",
    method: "POST",
    path: (mode) => `/api/v1/admin/submissions/${mode === "session" ? ids.reviewSession : ids.reviewToken}/attribution`,
    body: {},
    expect: { anonymous: 401, user: 403, maintainer: 403, admin: 202 },
  },
  {
    name: "read the panel's rationales",
    method: "GET",
    path: () => `/api/v1/submissions/${ids.approved}/panel`,
    expect: { anonymous: 401, user: 403, maintainer: 200, admin: 200 },
  },
];

describe("API authorization matrix", () => {
  for (const mode of ["session", "token"] as const) {
    for (const row of rows) {
      it(`${row.method} ${row.name} (${mode})`, async () => {
        const actual: Partial<Record<Who, number>> = {};
        const expected: Partial<Record<Who, number>> = {};
        for (const who of ["anonymous", "user", "maintainer", "admin"] as const) {
          if (who === "anonymous" && mode === "token") continue;
          const body =
            row.body &&
            JSON.parse(JSON.stringify(row.body).replace("@slug", slug).replace("@override", ids.overrideTarget));
          actual[who] = (await call(webUrl, row.method, row.path(mode), auth(who, mode), body)).status;
          expected[who] = (mode === "token" ? row.token?.[who] : undefined) ?? row.expect[who];
        }
        expect(actual).toEqual(expected);
      });
    }
  }

  it("lets the owner read, withdraw their submission and revoke their token", async () => {
    expect((await call(webUrl, "GET", `/api/v1/submissions/${ids.pending}`, { cookie: ownerCookie })).status).toBe(200);
    expect((await call(webUrl, "GET", `/api/v1/submissions/${ids.pending}`, { token: owner.token })).status).toBe(200);
    expect(
      (await call(webUrl, "POST", `/api/v1/submissions/${ids.withdrawable}/withdraw`, { cookie: ownerCookie }, {}))
        .status,
    ).toBe(200);
    // Only a pending submission can be withdrawn.
    expect(
      (await call(webUrl, "POST", `/api/v1/submissions/${ids.withdrawable}/withdraw`, { cookie: ownerCookie }, {}))
        .status,
    ).toBe(409);
    expect(
      (await call(webUrl, "POST", `/api/v1/submissions/${ids.approved}/withdraw`, { token: owner.token }, {})).status,
    ).toBe(409);
    expect((await call(webUrl, "DELETE", `/api/v1/tokens/${ids.ownerToken}`, { cookie: ownerCookie })).status).toBe(
      200,
    );
  });

  it("answers a guessed id exactly like an unknown one, so unapproved submissions cannot be probed", async () => {
    const guessed = await call(webUrl, "GET", `/api/v1/submissions/${ids.pending}`, { cookie: people.user.cookie });
    const unknown = await call(webUrl, "GET", "/api/v1/submissions/ckunknownid0000000000000", {
      cookie: people.user.cookie,
    });
    expect(guessed.status).toBe(404);
    expect(guessed.text).toBe(unknown.text);
    const list = await call(webUrl, "GET", "/api/v1/submissions", { cookie: people.user.cookie });
    expect(list.json.submissions.map((s: { id: string }) => s.id)).not.toContain(ids.pending);
  });
});

describe("private pages", () => {
  const pages: { name: string; path: () => string; expect: Record<Who, number> }[] = [
    {
      name: "/account/submissions",
      path: () => "/account/submissions",
      expect: { anonymous: 307, user: 200, maintainer: 200, admin: 200 },
    },
    {
      name: "/account/tokens",
      path: () => "/account/tokens",
      expect: { anonymous: 307, user: 200, maintainer: 200, admin: 200 },
    },
    {
      name: "/account/submissions/{someone else's pending id}",
      path: () => `/account/submissions/${ids.pending}`,
      expect: { anonymous: 307, user: 404, maintainer: 200, admin: 200 },
    },
    { name: "/admin", path: () => "/admin", expect: { anonymous: 307, user: 404, maintainer: 404, admin: 200 } },
    {
      name: "/admin/users",
      path: () => "/admin/users",
      expect: { anonymous: 307, user: 404, maintainer: 404, admin: 200 },
    },
    {
      name: "/admin/audit-log",
      path: () => "/admin/audit-log",
      expect: { anonymous: 307, user: 404, maintainer: 404, admin: 200 },
    },
    {
      name: "/admin/runs",
      path: () => "/admin/runs",
      expect: { anonymous: 307, user: 404, maintainer: 404, admin: 200 },
    },
    {
      name: "/admin/benchmarks",
      path: () => "/admin/benchmarks",
      expect: { anonymous: 307, user: 404, maintainer: 404, admin: 200 },
    },
    {
      name: "/overrides",
      path: () => "/overrides",
      expect: { anonymous: 307, user: 404, maintainer: 200, admin: 200 },
    },
  ];
  for (const page of pages) {
    it(`GET ${page.name}`, async () => {
      const actual: Partial<Record<Who, number>> = {};
      for (const who of ["anonymous", "user", "maintainer", "admin"] as const) {
        const response = await call(webUrl, "GET", page.path(), auth(who, "session"));
        actual[who] = response.status;
        if (who === "anonymous") expect(response.headers.get("location")).toMatch(/\/sign-in\?callbackUrl=/);
        // The pending submission's model name must not leak into any page its viewer may not see.
        if (response.status === 404) expect(response.text).not.toContain("Matrix Pending");
      }
      expect(actual).toEqual(page.expect);
    });
  }

  it("shows /submit to everyone, with the upload form only to a signed-in user; /submit-guide leads there", async () => {
    const anonymous = await call(webUrl, "GET", "/submit");
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toContain("The findings file");
    expect(anonymous.text).toContain("/sign-in?callbackUrl=%2Fsubmit");
    expect(anonymous.text).not.toContain("findings-file-input");
    const user = await call(webUrl, "GET", "/submit", auth("user", "session"));
    expect(user.text).toContain("findings-file-input");
    const old = await fetch(`${webUrl}/submit-guide`, { redirect: "manual" });
    expect(old.status).toBe(308);
    expect(new URL(old.headers.get("location")!, webUrl).pathname).toBe("/submit");
  });

  it("lets the owner open their own pending submission page", async () => {
    const response = await call(webUrl, "GET", `/account/submissions/${ids.pending}`, { cookie: ownerCookie });
    expect(response.status).toBe(200);
    expect(response.text).toContain("Matrix Pending");
  });
});

describe("CSRF and secrets", () => {
  const write = (auth: Auth) => call(webUrl, "POST", "/api/v1/tokens", auth, { name: "csrf probe" });

  it("refuses cookie-authenticated writes without a same-origin Origin", async () => {
    const cookie = people.user.cookie;
    expect((await write({ cookie, origin: null })).status).toBe(403);
    expect((await write({ cookie, origin: "https://evil.example" })).status).toBe(403);
    const crossSite = await fetch(`${webUrl}/api/v1/tokens`, {
      method: "POST",
      headers: { cookie, origin: webUrl, "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: JSON.stringify({ name: "csrf probe" }),
    });
    expect(crossSite.status).toBe(403);
    expect((await write({ cookie })).status).toBe(201);
  });

  it("needs no Origin for bearer-token clients (browsers never attach tokens on their own)", async () => {
    const response = await call(
      webUrl,
      "POST",
      `/api/v1/submissions`,
      { token: people.user.token, origin: null },
      { benchmark: slug, model: "No origin", findings: [] },
    );
    expect(response.status).toBe(202);
  });

  it("never returns password hashes, token hashes or stored tokens", async () => {
    const users = await call(webUrl, "GET", "/api/v1/admin/users", { cookie: people.admin.cookie });
    const tokens = await call(webUrl, "GET", "/api/v1/tokens", { cookie: people.user.cookie });
    for (const text of [users.text, tokens.text]) {
      expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|scrypt\$/);
      expect(text).not.toMatch(/pb_[A-Za-z0-9_-]{40,}/);
    }
  });

  it("treats a tampered or foreign session cookie as anonymous", async () => {
    const [name, value] = people.admin.cookie.split("=");
    const tampered = `${name}=${value!.slice(0, -4)}AAAA`;
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { cookie: tampered })).status).toBe(401);
    expect((await call(webUrl, "GET", "/api/v1/admin/users", { cookie: `${name}=not-a-jwt` })).status).toBe(401);
  });
});
