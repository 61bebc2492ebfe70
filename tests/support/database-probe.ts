// Run by integration tests in a process of its own, on the database of its DATABASE_URL (the test process's database
// client is bound to the suite's test database). Prints JSON on standard output:
//   rescore <submissionId> <judgeBaseUrl>      scores the submission again there; its stored numbers
//   seed-repeated-run <tag>                    a repeated-run submission, queued (fault-harness.ts); its id
//   undisturbed <submissionId> <judgeBaseUrl>  an undisturbed copy scored in-process; both results, the derived row
//                                              counts of the first and the job rows left queued or running
//   seed-release <tag> <judgeBaseUrl>          the upgrade test's entries (release-data.ts); their ids
//   result <submissionId>                      its stored numbers and matches
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { db } from "../../lib/db";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { copySubmission, derivedRowCounts, resultOf, seedRepeatedRunSubmission } from "./fault-harness";
import { seedReleaseEntries } from "./release-data";

async function rescore(id: string, judgeUrl: string): Promise<void> {
  await scoreSubmission((await claimSubmission(id))!, {
    judge: new OpenAiJudge("fake-judge-1", { apiKey: "test-key", baseURL: judgeUrl, timeoutMs: 5_000, maxRetries: 2 }),
    embedder: new OfflineEmbeddingProvider(),
    concurrency: 8,
    budget: 1_000_000,
    malformedRetries: 2,
  });
}

async function answer(mode: string | undefined, args: string[]): Promise<unknown> {
  const [a, b] = args;
  switch (mode) {
    case "rescore":
      if (!a || !b) break;
      await db.submission.update({ where: { id: a }, data: { scoringStatus: "queued" } });
      await rescore(a, b);
      return resultOf(a);
    case "seed-repeated-run":
      if (!a) break;
      return seedRepeatedRunSubmission(a);
    case "undisturbed": {
      if (!a || !b) break;
      const copy = await copySubmission(a);
      await rescore(copy, b);
      return {
        disturbed: await resultOf(a),
        undisturbed: await resultOf(copy),
        rows: await derivedRowCounts(a),
        nonTerminal: await db.submission.count({ where: { scoringStatus: { in: ["queued", "scoring"] } } }),
      };
    }
    case "result":
      if (!a) break;
      return resultOf(a);
    case "seed-release":
      if (!a || !b) break;
      return seedReleaseEntries(a, b);
  }
  throw new Error(
    `usage: database-probe.ts rescore|seed-repeated-run|undisturbed|seed-release|result ... (got ${mode})`,
  );
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await answer(mode, args)));
  await db.$disconnect();
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
