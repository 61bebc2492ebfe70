import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAdmin } from "@/lib/server/auth/current-user";
import { listAuditLog } from "@/lib/server/admin/list-audit-log";
import { scrollRegion } from "@/components/ui/scroll-region";
import { formatUtc } from "@/lib/format";
import { auditLogQuerySchema } from "@/lib/contracts/admin";
import { parseOrThrow } from "@/lib/errors";

export const metadata: Metadata = { title: "Audit log", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function one(v: string | string[] | undefined): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

export default async function AuditLogPage({ searchParams }: Props) {
  await requirePageAdmin("/admin/audit-log");
  const params = await searchParams;
  const { entries, next } = await listAuditLog(
    parseOrThrow(
      auditLogQuerySchema,
      { action: one(params.action), target: one(params.target), before: one(params.before) },
      "The query",
    ),
  );
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">Every admin action: who, what, when and why. Newest first.</p>
      <div className="table-wrap" {...scrollRegion("Audit log")}>
        <table data-testid="audit-log">
          <thead>
            <tr>
              <th>When (UTC)</th>
              <th>Who</th>
              <th>Action</th>
              <th>Target</th>
              <th>Why</th>
              <th>Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatUtc(e.at, "second")}</td>
                <td>{e.actor?.email ?? <span className="muted">system</span>}</td>
                <td>
                  <Link href={`/admin/audit-log?action=${encodeURIComponent(e.action)}`}>{e.action}</Link>
                </td>
                <td>
                  <Link href={`/admin/audit-log?target=${encodeURIComponent(e.target)}`}>{e.target}</Link>
                </td>
                <td style={{ whiteSpace: "normal", maxWidth: 320 }}>{e.reason ?? "–"}</td>
                <td>
                  <code>{e.details ? JSON.stringify(e.details) : ""}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 && <p>No entries.</p>}
      {next && (
        <p>
          <Link
            href={`/admin/audit-log?${new URLSearchParams({ ...(one(params.action) ? { action: one(params.action)! } : {}), ...(one(params.target) ? { target: one(params.target)! } : {}), before: next })}`}
          >
            Older entries
          </Link>
        </p>
      )}
    </>
  );
}
