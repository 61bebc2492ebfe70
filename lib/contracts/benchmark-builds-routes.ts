import { z } from "zod";
import { ADMIN, bodyJson, optionalBodyJson, type ApiRoute, created, ok, routeList } from "./route-kit";
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
const { get, post } = routeList({ tag: "Admin", auth: ADMIN });

export const benchmarkBuildsRoutes = {
  postAdminBuildsBundles: post(
    "/api/v1/admin/builds/bundles",
    "Upload a git bundle (git bundle create repo.bundle --all), at most BUILD_BUNDLE_MAX_BYTES",
    created(uploadedBundleSchema, "Stored; name it as a repository's bundle"),
    {
      raw: true,
      body: { contentType: "application/octet-stream", schema: z.string(), description: "The bundle's bytes" },
      errors: [400],
    },
  ),
  getAdminBuilds: get("/api/v1/admin/builds", "Every benchmark build", ok(buildListSchema, "Builds, newest first")),
  postAdminBuilds: post(
    "/api/v1/admin/builds",
    "Start a build: repositories, T0, T1 and a budget",
    created(buildViewSchema, "Started"),
    { body: bodyJson(createBuildBodySchema), errors: [400, 404, 409] },
  ),
  getAdminBuildsId: get(
    "/api/v1/admin/builds/{id}",
    "A build: Table 1 so far and every candidate's trail",
    ok(buildViewSchema, "The build"),
  ),
  postAdminBuildsIdApprove: post(
    "/api/v1/admin/builds/{id}/approve",
    "Approve a build's spend past its budget (or resume a failed build)",
    ok(buildViewSchema, "Resumed"),
    { body: optionalBodyJson(z.object({})), errors: [400, 409] },
  ),
  postAdminBuildsIdCandidatesCandidate: post(
    "/api/v1/admin/builds/{id}/candidates/{candidate}",
    "Accept, reject or edit a candidate (audit-logged)",
    ok(buildViewSchema, "Decided"),
    { params: candidatePath, body: bodyJson(decideCandidateBodySchema), errors: [400, 409] },
  ),
  postAdminBuildsIdPublish: post(
    "/api/v1/admin/builds/{id}/publish",
    "Publish the build as a new immutable benchmark version",
    created(publishedBuildSchema, "Published"),
    { body: optionalBodyJson(z.object({})), errors: [400, 409] },
  ),
  postAdminBuildsIdRefresh: post(
    "/api/v1/admin/builds/{id}/refresh",
    "Start a build of the same repositories with a later T0 and T1",
    created(buildViewSchema, "Started"),
    { body: bodyJson(refreshBuildBodySchema), errors: [400, 409] },
  ),
} satisfies Record<string, ApiRoute>;
