import { z } from "zod";
import { ADMIN, bodyJson, optionalBodyJson, type ApiRoute, routeList } from "./route-kit";
import {
  buildListSchema,
  buildViewSchema,
  candidatePath,
  createBuildBodySchema,
  decideCandidateBodySchema,
  publishedBuildSchema,
  refreshBuildBodySchema,
  uploadedBundleSchema,
} from "./benchmark-builds";

// Building benchmark versions from git history (docs/building-benchmarks.md).
const { get, post } = routeList({ tag: "Admin", auth: ADMIN, base: "/api/v1/admin" });

export const benchmarkBuildsRoutes = {
  postAdminBuildsBundles: post(
    "/builds/bundles",
    "Upload a git bundle (git bundle create repo.bundle --all), at most BUILD_BUNDLE_MAX_BYTES",
    {
      raw: true,
      body: { contentType: "application/octet-stream", schema: z.string(), description: "The bundle's bytes" },
      created: [uploadedBundleSchema, "Stored; name it as a repository's bundle"],
      errors: [400],
    },
  ),
  getAdminBuilds: get("/builds", "Every benchmark build", { ok: [buildListSchema, "Builds, newest first"] }),
  postAdminBuilds: post("/builds", "Start a build: repositories, T0, T1 and a budget", {
    body: bodyJson(createBuildBodySchema),
    created: [buildViewSchema, "Started"],
    errors: [400, 404, 409],
  }),
  getAdminBuildsId: get("/builds/{id}", "A build: Table 1 so far and every candidate's trail", {
    ok: [buildViewSchema, "The build"],
  }),
  postAdminBuildsIdApprove: post(
    "/builds/{id}/approve",
    "Approve a build's spend past its budget (or resume a failed build)",
    { body: optionalBodyJson(z.object({})), ok: [buildViewSchema, "Resumed"], errors: [400, 409] },
  ),
  postAdminBuildsIdCandidatesCandidate: post(
    "/builds/{id}/candidates/{candidate}",
    "Accept, reject or edit a candidate (audit-logged)",
    {
      params: candidatePath,
      body: bodyJson(decideCandidateBodySchema),
      ok: [buildViewSchema, "Decided"],
      errors: [400, 409],
    },
  ),
  postAdminBuildsIdPublish: post("/builds/{id}/publish", "Publish the build as a new immutable benchmark version", {
    body: optionalBodyJson(z.object({})),
    created: [publishedBuildSchema, "Published"],
    errors: [400, 409],
  }),
  postAdminBuildsIdRefresh: post(
    "/builds/{id}/refresh",
    "Start a build of the same repositories with a later T0 and T1",
    { body: bodyJson(refreshBuildBodySchema), created: [buildViewSchema, "Started"], errors: [400, 409] },
  ),
} satisfies Record<string, ApiRoute>;
