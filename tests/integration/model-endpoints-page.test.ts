import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, createTestUser, signIn } from "./authz-support";

// The admin page of the model roles' endpoints (/admin/models): the settings of the test stack (every role on the
// fake OpenAI endpoint, embeddings offline), and on request the same probe as `npx probebench llm check`.
const webUrl = inject("webUrl");
const fakeUrl = inject("fakeOpenAiUrl");
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  adminCookie = await signIn(webUrl, await createTestUser("admin"));
  userCookie = await signIn(webUrl, await createTestUser("user"));
});

const rows = (html: string, result: string) => html.match(new RegExp(`data-result="${result}"`, "g"))?.length ?? 0;

describe("/admin/models", () => {
  it("shows each role's endpoint and models, probes them on request, and is hidden from other users", async () => {
    const settings = await call(webUrl, "GET", "/admin/models", { cookie: adminCookie });
    expect(settings.status).toBe(200);
    expect(settings.text).toContain(fakeUrl);
    // judge, panel (two tier 1, tier 2, context writer), attribution: six models, none called yet.
    expect(rows(settings.text, "not_probed")).toBe(6);
    expect(settings.text).toContain("the offline embedder");

    const probed = await call(webUrl, "GET", "/admin/models?probe=1", { cookie: adminCookie });
    expect(probed.status).toBe(200);
    expect(rows(probed.text, "ok")).toBe(6);
    expect(probed.text).toContain("Every configured role can call its models.");

    expect((await call(webUrl, "GET", "/admin/models?probe=1", { cookie: userCookie })).status).toBe(404);
  });
});
