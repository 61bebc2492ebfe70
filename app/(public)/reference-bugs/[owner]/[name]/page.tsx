import type { Metadata } from "next";
import Link from "next/link";
import { benchmarkParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { Pager } from "@/components/ui/pager";
import { scrollRegion } from "@/components/ui/scroll-region";
import { getCurrentUser } from "@/lib/auth/current-user";
import { pageFromSearchParam, pageInfo } from "@/lib/server/pagination";
import { pathSegment } from "@/lib/server/workbench/query-schemas";
import { getRepositoryBugs, repositoryBugsQuerySchema } from "@/lib/server/workbench/repository-bugs";
import { ColumnHeads } from "@/components/ui/column-heads";

// Per repository (docs/workbench.md): the reference bugs with the share of approved configurations that found each, filtered
// like Figure 8 of the paper (never found, category, trigger, severity). Filters live in the URL, so views can be shared.
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ owner: string; name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PER_PAGE = 100;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { owner, name } = await params;
  return { title: `Reference bugs of ${pathSegment(owner)}/${pathSegment(name)}` };
}

export default async function ReferenceBugsPage({ params, searchParams }: Props) {
  const { owner, name } = await params;
  const repoName = `${pathSegment(owner)}/${pathSegment(name)}`;
  const query = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  // Unknown filter values read as "no filter" on the page (the API answers 422 instead).
  const parsed = repositoryBugsQuerySchema.safeParse({
    never_found: first(query.never_found),
    category: first(query.category),
    trigger: first(query.trigger),
    severity: first(query.severity),
  });
  const filters = parsed.success ? parsed.data : { never_found: false };
  const user = await getCurrentUser();
  const page = await loadPublicPage(() =>
    getRepositoryBugs(
      benchmarkParam(query) ?? undefined,
      repoName,
      user ? { id: user.id, role: user.role } : null,
      filters,
    ),
  );
  if (!page) return <p className="card empty-state">No benchmark version has been imported yet.</p>;
  const view = page.value;
  const number = pageFromSearchParam(query.page);
  const info = pageInfo(view.bugs.length, number, PER_PAGE);
  const rows = view.bugs.slice((number - 1) * PER_PAGE, number * PER_PAGE);
  const params_ = {
    benchmark: view.benchmark,
    never_found: view.filters.never_found ? "true" : undefined,
    category: view.filters.category ?? undefined,
    trigger: view.filters.trigger ?? undefined,
    severity: view.filters.severity ?? undefined,
  };
  const search = new URLSearchParams(
    Object.entries(params_).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const api = `/api/v1/repositories/${view.repository.name}/bugs?${search}`;
  const pct = (v: number | null) => (v === null ? "–" : `${Math.round(v * 100)}%`);
  return (
    <>
      <p className="muted small">
        <Link href={`/repositories/${view.repository.name}?benchmark=${encodeURIComponent(view.benchmark)}`}>
          {view.repository.name}
        </Link>{" "}
        / reference bugs
      </p>
      <h1>Reference bugs of {view.repository.name}</h1>
      <p className="lede">
        {view.benchmark}: {view.reference_bugs} reference bugs, {view.never_found} never found by any of the{" "}
        {view.configurations} approved configuration{view.configurations === 1 ? "" : "s"} scored here.
      </p>
      {!view.details_visible && (
        <p className="card" role="note">
          This benchmark version keeps its reference details hidden: titles, files and lines are shown to maintainers
          only. Counts and reference bug ids stay public.
        </p>
      )}
      <form method="get" className="filters" aria-label="Filter reference bugs">
        <input type="hidden" name="benchmark" value={view.benchmark} />
        <label className="check">
          <input type="checkbox" name="never_found" value="true" defaultChecked={view.filters.never_found} /> Never
          found
        </label>
        <div className="field">
          <label htmlFor="filter-category">Category</label>
          <select id="filter-category" name="category" defaultValue={view.filters.category ?? ""}>
            <option value="">Any</option>
            {view.choices.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-trigger">Trigger</label>
          <select id="filter-trigger" name="trigger" defaultValue={view.filters.trigger ?? ""}>
            <option value="">Any</option>
            {view.choices.triggers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-severity">Severity</label>
          <select id="filter-severity" name="severity" defaultValue={view.filters.severity ?? ""}>
            <option value="">Any</option>
            {["low", "medium", "high", "critical"].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Filter</button>
        <Link href={`/reference-bugs/${view.repository.name}?benchmark=${encodeURIComponent(view.benchmark)}`}>
          Clear
        </Link>
      </form>
      <div className="table-wrap" {...scrollRegion(`Reference bugs of ${view.repository.name}`)}>
        <table>
          <caption>
            {view.bugs.length} of {view.reference_bugs} reference bugs; found by = approved configurations with a
            finding that matched the bug
          </caption>
          <ColumnHeads
            columns={["Id", "Title", "Location", "Severity", "Category", "Trigger", { label: "Found by", num: true }]}
          />
          <tbody>
            {rows.map((b) => (
              <tr key={b.id}>
                <th scope="row">
                  <Link
                    href={`/reference-bugs/${view.repository.name}/${encodeURIComponent(b.id)}?benchmark=${encodeURIComponent(view.benchmark)}`}
                  >
                    {b.id}
                  </Link>
                </th>
                <td className="wrap">{"title" in b ? b.title : <span className="muted">hidden</span>}</td>
                <td>
                  {"file" in b ? (
                    <code>
                      {b.file}:{b.line_start}–{b.line_end}
                    </code>
                  ) : (
                    <span className="muted">hidden</span>
                  )}
                </td>
                <td>{b.severity ?? "–"}</td>
                <td className="wrap">{b.category ?? "–"}</td>
                <td className="wrap">{b.trigger ?? "–"}</td>
                <td className="num">
                  {b.found_by} of {b.configurations} ({pct(b.found_by_share)})
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  No reference bug matches these filters.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager info={info} path={`/reference-bugs/${view.repository.name}`} params={params_} noun="reference bugs" />
      <p className="downloads">
        Download:{" "}
        <a href={`${api}&format=csv`} download>
          CSV
        </a>{" "}
        · <a href={api}>JSON</a>
      </p>
    </>
  );
}
