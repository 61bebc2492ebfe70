import "server-only";
import { requireCaller } from "@/lib/server/auth/api-caller";
import { env } from "@/lib/env";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { respond, withErrors } from "@/lib/server/http/respond";
import { uploadedBundleSchema } from "@/lib/contracts/benchmark-builds";
import { storeUploadedBundle } from "@/lib/server/benchmark-builds/build-storage";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/builds/bundles - stores a git bundle (the body, at most BUILD_BUNDLE_MAX_BYTES); 201 {bundle, bytes}
export const POST = withErrors(async (request: Request) => {
  await requireCaller(request, { access: "write", roles: ["admin"], tokens: "admin" });
  const stored = await storeUploadedBundle(await readBodyBytes(request, env.BUILD_BUNDLE_MAX_BYTES));
  return respond(uploadedBundleSchema, stored, 201);
});
