// Run by backup-restore.test.ts in a process of its own, on the database of its DATABASE_URL (the test process's
// database client is bound to the test database): `rescore <submissionId> <judgeBaseUrl>` scores the submission again
// there and prints its stored numbers.
import { OfflineEmbeddingProvider } from "../../lib/embeddings/provider";
import { OpenAiJudge } from "../../lib/llm/judge";
import { db } from "../../lib/db";
import { claimSubmission } from "../../worker/features/scoring/claim-submission";
import { scoreSubmission } from "../../worker/features/scoring/score-submission";
import { resultOf } from "./fault-harness";

async function main(): Promise<void> {
  const [mode, id, judgeUrl] = process.argv.slice(2);
  if (mode === "rescore" && id && judgeUrl) {
    await db.submission.update({ where: { id }, data: { scoringStatus: "queued" } });
    await scoreSubmission((await claimSubmission(id))!, {
      judge: new OpenAiJudge("fake-judge-1", {
        apiKey: "test-key",
        baseURL: judgeUrl,
        timeoutMs: 5_000,
        maxRetries: 2,
      }),
      embedder: new OfflineEmbeddingProvider(),
      concurrency: 8,
      budget: 1_000_000,
      malformedRetries: 2,
    });
    process.stdout.write(JSON.stringify(await resultOf(id)));
  } else throw new Error("usage: database-probe.ts rescore <submissionId> <judgeBaseUrl>");
  await db.$disconnect();
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
