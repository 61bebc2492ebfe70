import { publicReadsRoutes } from "@/lib/contracts/public-reads-routes";
import { listQueue } from "@/lib/server/public-reads/list-queue";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/queue[?status=&page=&per_page=] - entries not yet on the board, oldest first, with a public status only
export const GET = handle(publicReadsRoutes.getQueue, ({ query }) => listQueue(query));
