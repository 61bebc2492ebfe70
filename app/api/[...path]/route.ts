import "server-only";
import { AppError } from "@/lib/errors";
import { withErrors } from "@/lib/server/http/respond";

export const dynamic = "force-dynamic";

// Any /api/... path no route answers: a JSON 404 in the API's error shape (not the HTML page), whatever the method,
// so a client generated from the OpenAPI document reads its error like any other.
const notFound = withErrors(async (request: Request) => {
  throw new AppError(
    "not_found",
    `No API route at ${request.method} ${new URL(request.url).pathname}: the routes are listed at /api/v1/openapi.json`,
  );
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
