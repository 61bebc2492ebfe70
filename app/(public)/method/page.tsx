import type { Metadata } from "next";
import Link from "next/link";
import { PAPER_THRESHOLDS } from "@/lib/scoring/thresholds";
import { scrollRegion } from "@/components/ui/scroll-region";
import { ColumnHeads } from "@/components/ui/column-heads";
import { TrustSection } from "@/components/grading/trust-section";
import { BenchmarkSelector, benchmarkQueryHref } from "@/components/benchmark-selector";
import { listPublicBenchmarks, resolveBenchmark } from "@/lib/server/public-reads/list-public-benchmarks";
import { cachedJudgeQuality } from "@/lib/server/grading/public-judge-quality";
import { loadVersion, versionKeyOfSubmission } from "@/lib/server/grading/load-version";

export const metadata: Metadata = { title: "Method" };
// The method is static; "How far to trust the judges" is live, per benchmark version.
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Static: the numbers come from lib/scoring/thresholds.ts, so this page cannot drift from what the scorer uses.
const SIGNALS: { key: keyof typeof PAPER_THRESHOLDS; name: string; reads: string; score: string }[] = [
  {
    key: "lineOverlap",
    name: "Line overlap",
    reads: "file, line_start, line_end (same file only)",
    score: "Jaccard of the line ranges",
  },
  {
    key: "fullTextEmbedding",
    name: "Full-text embedding",
    reads: "title, description, first 1,000 characters of code_snippet",
    score: "cosine similarity",
  },
  {
    key: "descriptionEmbedding",
    name: "Description embedding",
    reads: "title and description",
    score: "cosine similarity",
  },
  {
    key: "snippetTokens",
    name: "Snippet tokens",
    reads: "words of 2+ characters in code_snippet",
    score: "IDF-weighted Jaccard",
  },
  {
    key: "identifiers",
    name: "Identifiers",
    reads: "words of 3+ characters in description and code_snippet",
    score: "IDF-weighted Jaccard",
  },
  { key: "apiCalls", name: "API calls", reads: "names called in code_snippet", score: "IDF-weighted Jaccard" },
];

export default async function MethodPage({ searchParams }: Props) {
  const params = await searchParams;
  const benchmarks = await listPublicBenchmarks();
  // ?submission=ID (the leaderboard's link to a submission's grading) names the version that submission belongs to.
  const key =
    typeof params.submission === "string"
      ? await versionKeyOfSubmission(params.submission)
      : typeof params.benchmark === "string"
        ? params.benchmark
        : null;
  // A version imported a moment ago may not be in this instance's cached list yet: resolveBenchmark looks again.
  const current = await resolveBenchmark(key)
    .catch(() => resolveBenchmark(null))
    .catch(() => null);
  const quality = current ? (await cachedJudgeQuality(await loadVersion(current.key))).data : null;
  return (
    <article className="prose">
      <h1>How scoring works</h1>
      <p>
        probebench scores bug finders with the method of the PROBE benchmark. A benchmark version fixes a set of
        repository snapshots and a reference set: bugs that were present in each snapshot and that the maintainers fixed
        later. A submission is the list of findings one configuration (model, reasoning effort, harness) reported on
        those snapshots.
      </p>
      <h2>Matching findings to reference bugs</h2>
      <ol>
        <li>
          <strong>Candidate pairs.</strong> Each finding is compared only with the reference bugs of the same
          repository. A pair goes on to the judge if any one of six cheap similarity signals reaches its threshold:
        </li>
      </ol>
      <div className="table-wrap" {...scrollRegion("Prefilter signals and thresholds")}>
        <table>
          <caption>The six prefilter signals and their thresholds (the paper&apos;s Table 10).</caption>
          <ColumnHeads columns={["Signal", "Reads", "Score", { label: "Threshold", num: true }]} />
          <tbody>
            {SIGNALS.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.name}</th>
                <td className="wrap">{s.reads}</td>
                <td>{s.score}</td>
                <td className="num">{PAPER_THRESHOLDS[s.key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol start={2}>
        <li>
          <strong>Judge.</strong> An LLM reads both reports and decides whether they describe the same defect: fixing
          the root cause of one would also fix the other. Verdicts are cached by the content of both reports, the judge
          model and the prompt version, so identical pairs are never judged twice. Without an API key, a documented
          offline judge is used instead and every score made that way carries an{" "}
          <span className="badge offline">offline judge</span> label. Likewise, scores whose embeddings came from the
          offline embedder (a lexical stand-in for all-MiniLM-L6-v2 whose cosines sit far below the two embedding
          thresholds, so those two signals rarely fire) carry an <span className="badge offline">offline embedder</span>{" "}
          label.
        </li>
        <li>
          <strong>Many-to-many.</strong> One finding may match several reference bugs and the other way round.
        </li>
      </ol>
      <h2>Metrics</h2>
      <ul>
        <li>
          <strong>Recall</strong> = reference bugs matched by at least one finding / all reference bugs.
        </li>
        <li>
          <strong>Precision</strong> (historical) = findings that match at least one reference bug / all findings. The
          reference set holds only the bugs maintainers happened to fix, so many unmatched findings are still real bugs:
          precision is a lower bound on validity.
        </li>
        <li>
          <strong>F1</strong> = harmonic mean of recall and precision; the leaderboard ranks by it.
        </li>
        <li>
          <strong>Languages and repository subsets</strong> are pooled: counts are summed over the repositories, then
          divided. Choosing repositories on the leaderboard recomputes every row this way.
        </li>
        <li>
          <strong>Repeated runs</strong>: a submission may contain several runs of one configuration. Its row shows the
          mean over runs and the range (min–max), computed over each run&apos;s reported findings. Its page also merges
          findings of one root cause, within a run and across runs, into distinct findings: each run&apos;s
          distinct-finding count, the union, &ldquo;in at least n of k runs&rdquo; and intersection over distinct
          findings, and the frequency spectrum (distinct findings reported in exactly n runs) with the union&apos;s
          growth run by run.
        </li>
      </ul>
      <h2>Uncertainty</h2>
      <p>
        Recall and precision are proportions, so each comes with a 95% Clopper–Pearson (exact binomial) interval
        computed from its counts. A row is marked{" "}
        <abbr className="tie" title="cannot be told apart">
          ≈n
        </abbr>{" "}
        when both its recall interval and its precision interval overlap those of the row ranked just above it (rank n):
        the data do not separate the two. Overlap is a cautious criterion; it never claims that two configurations are
        equal. For a mean over runs, the interval is that of one run at the mean counts.
      </p>
      <h2>Verified and reported entries</h2>
      <p>
        <span className="badge verified">verified</span> entries were scored here from their findings files, approved by
        an admin, and link to the judge, prompt version and embedding provider used.{" "}
        <span className="badge reported">reported</span> entries repeat numbers published elsewhere (such as the PROBE
        paper). Their counts are derived from the published percentages (matched = round(percentage × total)), and
        numbers the publication does not give stay empty rather than being guessed.
      </p>
      {quality && current && (
        <>
          <BenchmarkSelector
            benchmarks={benchmarks}
            current={current.key}
            hrefFor={(b) => `${benchmarkQueryHref("/method", b)}#judges`}
          />
          <TrustSection quality={quality} />
        </>
      )}
      <p>
        Every view shows one benchmark version; versions never mix. To take part, read the{" "}
        <Link href="/submit">submit page</Link>.
      </p>
    </article>
  );
}
