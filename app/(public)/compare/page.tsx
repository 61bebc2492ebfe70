import type { Metadata } from "next";
import Link from "next/link";
import { loadOr404 } from "@/components/workbench/load-or-404";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { compareSubmissions } from "@/lib/server/workbench/compare-submissions";
import { DownloadLinks } from "@/components/ui/download-links";
import { firstParam } from "@/app/(public)/load-public-page";
import { ReferenceBugLink } from "@/components/ui/reference-bug-link";
import { compareEntriesQuerySchema, compareQuerySchema } from "@/lib/contracts/workbench";
import { compareEntries } from "@/lib/server/workbench/compare-entries";
import { listPublicBenchmarks } from "@/lib/server/public-reads/list-public-benchmarks";
import { CompareEntriesView } from "./compare-entries-view";

// Compare (docs/workbench.md): two submissions on one repository (`repo`, `a`, `b`: the reference bugs both found, only
// one found, and neither), or else public entries of one version (`benchmark`, `entry` repeated: what each found that
// the others missed, and the overlap of every pair).
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare" };

type Query = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<Query> };

const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

async function EntriesPage({ query }: { query: Query }) {
  // The form ticks `entry` once per entry; the API's comma-separated `entries` works here too, so its links open.
  const ids = [...many(query.entry), ...many(query.entries).flatMap((v) => v.split(","))].join(",");
  const parsed = compareEntriesQuerySchema.safeParse({ benchmark: firstParam(query.benchmark), entries: ids });
  if (!parsed.success) {
    return (
      <>
        <h1>Compare entries</h1>
        <p className="card empty-state" role="alert">
          {parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join("; ")}.{" "}
          <Link href={`/compare?benchmark=${encodeURIComponent(firstParam(query.benchmark) ?? "")}`}>Start again</Link>.
        </p>
      </>
    );
  }
  const user = await getCurrentUser();
  const { format: _format, ...input } = parsed.data;
  const [view, versions] = await Promise.all([
    loadOr404(() => compareEntries(input, user ? { id: user.id, role: user.role } : null)),
    listPublicBenchmarks(),
  ]);
  return <CompareEntriesView view={view} versions={versions.filter((v) => v.verified > 0)} chosen={input.entries} />;
}

export default async function ComparePage({ searchParams }: Props) {
  const query = await searchParams;
  if (!query.repo && !query.a && !query.b) return <EntriesPage query={query} />;
  const parsed = compareQuerySchema.safeParse({
    repo: firstParam(query.repo),
    a: firstParam(query.a),
    b: firstParam(query.b),
    run_a: firstParam(query.run_a),
    run_b: firstParam(query.run_b),
  });
  if (!parsed.success) {
    return (
      <>
        <h1>Compare two submissions</h1>
        <p className="card empty-state" role="alert">
          Choose a repository and two submissions:{" "}
          {parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join("; ")}. Open a submission&apos;s
          matches page and use its Compare form.
        </p>
      </>
    );
  }
  const user = await getCurrentUser();
  const { format: _format, ...input } = parsed.data;
  const c = await loadOr404(() => compareSubmissions(input, user ? { id: user.id, role: user.role } : null));
  const label = (s: typeof c.a) => [s.model, s.reasoning_effort, s.harness].filter(Boolean).join(" · ");
  const api = `/api/v1/compare?repo=${encodeURIComponent(c.repo)}&a=${c.a.id}&b=${c.b.id}&run_a=${c.a.run}&run_b=${c.b.run}`;
  const groups = [
    { key: "both", title: "Both found", ids: c.both },
    { key: "only_a", title: `Only ${label(c.a)} found`, ids: c.only_a },
    { key: "only_b", title: `Only ${label(c.b)} found`, ids: c.only_b },
    { key: "neither", title: "Neither found", ids: c.neither },
  ];
  return (
    <>
      <h1>Compare on {c.repo}</h1>
      <p className="lede">
        {c.benchmark}:{" "}
        <Link href={`/submissions/${c.a.id}/matches?repo=${encodeURIComponent(c.repo)}&run=${c.a.run}`}>
          {label(c.a)}
        </Link>{" "}
        (run {c.a.run + 1}) and{" "}
        <Link href={`/submissions/${c.b.id}/matches?repo=${encodeURIComponent(c.repo)}&run=${c.b.run}`}>
          {label(c.b)}
        </Link>{" "}
        (run {c.b.run + 1}).
      </p>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`${g.key}-heading`}>
          <h2 id={`${g.key}-heading`}>
            {g.title} ({g.ids.length})
          </h2>
          {g.ids.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul className="plain-list">
              {g.ids.map((id) => (
                <li key={id}>
                  <ReferenceBugLink repo={c.repo} id={id} benchmark={c.benchmark} />
                  {c.titles[id] && <> {c.titles[id]}</>}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <DownloadLinks api={api} />
      <p>
        <Link href={`/compare?benchmark=${encodeURIComponent(c.benchmark)}&entry=${c.a.id}&entry=${c.b.id}`}>
          Compare entries over the whole version
        </Link>{" "}
        (public entries only).
      </p>
    </>
  );
}
