import Link from "next/link";
import { scrollRegion } from "@/components/ui/scroll-region";

const EXAMPLE = `{
  "benchmark": "probe-demo@2026.1",
  "model": "My Agent",
  "reasoning_effort": "high",
  "harness": "my-harness",
  "cost_usd": 12.5,
  "findings": [
    {
      "repo": "demo/tinysql",
      "file": "tinysql/tokenizer.py",
      "line_start": 215,
      "line_end": 218,
      "title": "Doubled quote inside a string literal ends the literal",
      "description": "What goes wrong, when, and why.",
      "code_snippet": "while not self._end:\\n    if self._char == quote:\\n        break",
      "severity": "high",
      "confidence": 0.9,
      "category": "Missing branch for a supported input variant"
    }
  ]
}`;

/** How to submit: the findings file, the CLI and API, SARIF, following scoring and approval (server-rendered). */
export function SubmitGuide() {
  return (
    <article className="prose" aria-labelledby="submit-guide">
      <h2 id="submit-guide">The findings file</h2>
      <p>
        The format is published as a JSON Schema:{" "}
        <a href="/schemas/findings-file.schema.json">findings-file.schema.json</a> (and, for benchmark maintainers,{" "}
        <a href="/schemas/benchmark-file.schema.json">benchmark-file.schema.json</a>). Validate against it before
        uploading; the server reports every problem with its JSON path.
      </p>
      <ul>
        <li>
          <code>benchmark</code>: <code>slug@version</code> (or a slug for its newest version). Results are only ever
          compared within one version.
        </li>
        <li>
          <code>model</code>, and optionally <code>reasoning_effort</code>, <code>harness</code>, <code>cost_usd</code>{" "}
          (per run), <code>report_url</code>, <code>open_model</code> (true when the model&apos;s weights are published:
          the board shows an &quot;open weights&quot; badge and filters on it), <code>organisation</code>,{" "}
          <code>model_licence</code> (one word such as <code>apache-2.0</code> or <code>proprietary</code>) and{" "}
          <code>parameter_count</code> (a whole number: <code>70000000000</code>; the form above also reads 70B).
        </li>
        <li>
          <code>findings</code> for a single run, or <code>runs</code>: an array of{" "}
          <code>{"{ cost_usd?, findings }"}</code> for repeated runs of the same configuration.
        </li>
        <li>
          Each finding: <code>repo</code> (owner/name, must be in the benchmark), <code>file</code>,{" "}
          <code>line_start</code>, <code>line_end</code>, <code>title</code>, <code>description</code>, and optionally{" "}
          <code>code_snippet</code>, <code>severity</code> (low, medium, high, critical), <code>confidence</code> (0–1),{" "}
          <code>suggested_fix</code>, <code>category</code> (a bug type of the benchmark&apos;s taxonomy) and{" "}
          <code>trigger</code>.
        </li>
      </ul>
      <p>
        Once approved, an entry&apos;s findings are published with its metadata under{" "}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
          CC-BY-4.0
        </a>{" "}
        (downloadable from its page); the reference bugs are never part of that download. Do not upload findings that
        may not be published on these terms. Entries waiting to be scored or reviewed are listed on the{" "}
        <Link href="/queue">queue</Link>.
      </p>
      <pre {...scrollRegion("Example findings file")}>
        <code>{EXAMPLE}</code>
      </pre>
      <h2>From the command line or the API</h2>
      <ol>
        <li>
          Sign in and create an API token on <Link href="/account/tokens">API tokens</Link>. The defaults fit: scopes{" "}
          <code>submit</code> (upload) and <code>read</code> (follow your submissions), expiring after 90 days.
        </li>
        <li>
          Upload with the CLI (<code>probebench submit findings.json</code>) or the API:{" "}
          <code>POST /api/v1/submissions</code> with the file as the JSON body and{" "}
          <code>Authorization: Bearer &lt;token&gt;</code>. The answer holds the submission id.
        </li>
        <li>
          A static analyser&apos;s SARIF 2.1.0 log can be uploaded as it is:{" "}
          <code>probebench submit results.sarif --benchmark probe@2026.1 --model &quot;Semgrep 1.x&quot;</code>, or{" "}
          <code>POST /api/v1/submissions?benchmark=…</code> with <code>Content-Type: application/sarif+json</code>, or
          dropped on the form above. Each result becomes a finding (rule and message as title and description, the first
          location as file and lines).
        </li>
        <li>
          Poll <code>GET /api/v1/submissions/&lt;id&gt;</code> until its status is <code>scored</code>, or register a
          webhook on <Link href="/account/webhooks">Webhooks</Link> and be told (<code>submission.scored</code>, signed
          per Standard Webhooks). The scores are there, overall, per language and per repository.
        </li>
        <li>
          An admin reviews the submission; once approved it appears on the leaderboard as{" "}
          <span className="badge verified">verified</span>.
        </li>
      </ol>
      <h2>Reading the results</h2>
      <p>
        See <Link href="/method">how scoring works</Link> for what recall, precision and the intervals mean. All public
        numbers can be downloaded:
        <code> GET /api/v1/leaderboard?benchmark=slug@version&amp;format=csv</code>,{" "}
        <code>GET /api/v1/repositories?benchmark=…</code> and{" "}
        <code>GET /api/v1/repositories/owner/name?benchmark=…</code> (JSON by default). Every route is in the{" "}
        <Link href="/docs/api">API reference</Link>.
      </p>
    </article>
  );
}
