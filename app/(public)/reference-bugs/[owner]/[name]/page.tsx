import type { Metadata } from "next";
import Link from "next/link";
import { benchmarkParam, firstParam, loadPublicPage } from "@/app/(public)/load-public-page";
import { DownloadLinks } from "@/components/ui/download-links";
import { Pager } from "@/components/ui/pager";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { pageFromSearchParam, pageInfo } from "@/lib/server/pagination";
import { getRepositoryBugs } from "@/lib/server/workbench/repository-bugs";
import { getRepositoryDetail } from "@/lib/server/leaderboard/get-repository-tables";
import { count } from "@/lib/format";
import { ReferenceBugFilters } from "./reference-bug-filters";
import { ReferenceBugTable } from "./reference-bug-table";
import { pathSegment } from "@/lib/workbench/path-segment";
import { repositoryBugsQuerySchema } from "@/lib/contracts/workbench";

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

/** The filters of the page's URL; unknown values read as "no filter" on the page (the API answers 422 instead). */
function readFilters(query: Awaited<Props["searchParams"]>) {
  const parsed = repositoryBugsQuerySchema.safeParse({
    never_found: firstParam(query.never_found),
    category: firstParam(query.category),
    trigger: firstParam(query.trigger),
    severity: firstParam(query.severity),
  });
  return parsed.success ? parsed.data : { never_found: false };
}

export default async function ReferenceBugsPage({ params, searchParams }: Props) {
  const { owner, name } = await params;
  const repoName = `${pathSegment(owner)}/${pathSegment(name)}`;
  const query = await searchParams;
  const filters = readFilters(query);
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
  // A version imported from a publication (the reported PROBE results) holds counts only: say so rather than "0".
  const published =
    view.reference_bugs === 0 ? (await getRepositoryDetail(view.benchmark, view.repository.name)).repository : null;
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
  return (
    <>
      <p className="muted small">
        <Link href={`/repositories/${view.repository.name}?benchmark=${encodeURIComponent(view.benchmark)}`}>
          {view.repository.name}
        </Link>{" "}
        / reference bugs
      </p>
      <h1>Reference bugs of {view.repository.name}</h1>
      {view.reference_bugs > 0 && (
        <p className="lede">
          {view.benchmark}: {view.reference_bugs} reference bugs, {view.never_found} never found by any of the{" "}
          {view.configurations} approved configuration{view.configurations === 1 ? "" : "s"} scored here.
        </p>
      )}
      {published && (
        <p className="card" role="note">
          {published.referenceBugs === null
            ? "This benchmark version lists no reference bugs for this repository."
            : `${view.benchmark} publishes ${count(published.referenceBugs)} reference bugs for this repository but not the bugs themselves, so there is none to list here; its scores are the published ones.`}{" "}
          <Link href={`/repositories/${view.repository.name}?benchmark=${encodeURIComponent(view.benchmark)}`}>
            The repository&apos;s scores
          </Link>
          .
        </p>
      )}
      {!view.details_visible && (
        <p className="card" role="note">
          This benchmark version keeps its reference details hidden: titles, files and lines are shown to maintainers
          only. Counts and reference bug ids stay public.
        </p>
      )}
      {view.reference_bugs > 0 && (
        <>
          <ReferenceBugFilters view={view} />
          <ReferenceBugTable view={view} rows={rows} />
          <Pager info={info} path={`/reference-bugs/${view.repository.name}`} params={params_} noun="reference bugs" />
          <DownloadLinks api={api} />
        </>
      )}
    </>
  );
}
