import { queueQuerySchema, queueSchema } from "@/lib/contracts/public-reads";
import { parseOrThrow } from "@/lib/errors";
import { respond, withErrors } from "@/lib/server/http/respond";
import { listQueue } from "@/lib/server/public-reads/list-queue";

export const dynamic = "force-dynamic";

// GET /api/v1/queue[?status=&page=&per_page=] - entries not yet on the board, oldest first, with a public status only
export const GET = withErrors(async (request: Request) => {
  const query = parseOrThrow(queueQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "The query");
  return respond(queueSchema, await listQueue(query));
});
