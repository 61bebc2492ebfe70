import type { Metadata } from "next";
import Link from "next/link";
import { CaptionedTable } from "@/components/ui/captioned-table";
import { Pager } from "@/components/ui/pager";
import { OpenWeightsBadge } from "@/components/ui/source-badge";
import { QUEUE_STATUSES, queueQuerySchema } from "@/lib/contracts/public-reads";
import { formatUtc } from "@/lib/format";
import { benchmarkKey } from "@/lib/validation/benchmark-ref";
import { listQueue } from "@/lib/server/public-reads/list-queue";

// A live read: scoring progress changes between requests.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Queue" };

const STATUS_LABELS: Record<(typeof QUEUE_STATUSES)[number], string> = {
  queued: "Queued",
  scoring: "Scoring",
  awaiting_approval: "Judge spend awaits an admin",
  failed: "Scoring failed",
  awaiting_review: "Scored, awaiting review",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function QueuePage({ searchParams }: Props) {
  const search = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);
  // A bad parameter reads as no filter or the first page rather than an error page.
  const parsed = queueQuerySchema.safeParse({ page: one(search.page), status: one(search.status) });
  const query = parsed.success ? parsed.data : queueQuerySchema.parse({});
  const { entries, pagination } = await listQueue(query);
  return (
    <>
      <h1>Queue</h1>
      <p>
        Entries not on the board yet, oldest first: waiting for a worker, being scored, failed, or scored and waiting
        for an admin&apos;s review. Only the public facts of an entry are shown; its submitter sees the details on their
        submission&apos;s page. Also as JSON: <a href="/api/v1/queue">/api/v1/queue</a>.
      </p>
      <form className="filters" method="get" action="/queue" aria-label="Filter the queue">
        <label>
          Status{" "}
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Every status</option>
            {QUEUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>{" "}
        <button type="submit">Show</button>
      </form>
      <CaptionedTable
        caption="Entries waiting for the board"
        columns={6}
        empty={
          entries.length === 0 &&
          (query.status
            ? "No entry has this status now. Choose every status to see the whole queue."
            : "The queue is empty: every entry is scored and reviewed. Upload one from Submit.")
        }
        head={
          <>
            <th scope="col">Model</th>
            <th scope="col">Harness</th>
            <th scope="col">Benchmark</th>
            <th scope="col">Submitted (UTC)</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
          </>
        }
      >
        {entries.map((e) => (
          <tr key={e.id} data-testid="queue-row">
            <td>
              {[e.model, e.reasoning_effort].filter(Boolean).join(" · ")}
              {e.open_model && (
                <>
                  {" "}
                  <OpenWeightsBadge />
                </>
              )}
            </td>
            <td>{e.harness ?? "not stated"}</td>
            <td>
              <code>{benchmarkKey(e.benchmark)}</code>
            </td>
            <td>{formatUtc(e.created_at, "minute")}</td>
            <td>{STATUS_LABELS[e.status]}</td>
            <td>{e.status === "scoring" ? `${e.progress}%` : ""}</td>
          </tr>
        ))}
      </CaptionedTable>
      <Pager info={pagination} path="/queue" params={{ status: query.status }} noun="entries" />
      <p>
        <Link href="/submit">Submit an entry</Link> · <Link href="/">Back to the leaderboard</Link>
      </p>
    </>
  );
}
