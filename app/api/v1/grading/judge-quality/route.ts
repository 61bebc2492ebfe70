import { judgeQualitySchema } from "@/lib/contracts/grading-figures";
import { judgeQualityCsv } from "@/lib/grading/judge-quality-csv";
import { shaped } from "@/lib/server/http/respond";
import { downloadResponse, fileSafe } from "@/lib/server/leaderboard/download-response";
import { loadPublicJudgeQuality } from "@/lib/server/grading/public-judge-quality";
import { gradingRoutes } from "@/lib/contracts/grading-routes";
import { handle } from "@/lib/server/route-handler/handle";

export const dynamic = "force-dynamic";

// GET /api/v1/grading/judge-quality?benchmark=slug@version[&format=csv] - how far to trust the judges of a version: the matcher
// per judge configuration against labelled pairs, the panel against blind graders (Table 15), the reference set audit
// (§2.2); aggregates only, the labels stay with maintainers
export const GET = handle(gradingRoutes.getGradingJudgeQuality, async ({ query, request }) => {
  const { data, hash } = await loadPublicJudgeQuality(query.benchmark);
  const format = query.format ?? "json";
  return downloadResponse(request, {
    format,
    // The figures move with every label, grade and mark, which the benchmark stamp does not follow, and their own stamp
    // counts what the public must not watch: the answer's own hash is its stamp (computed once per change).
    stamp: hash,
    variant: `judge-quality|${data.benchmark}`,
    filename: `judge-quality-${fileSafe(data.benchmark)}`,
    json: () => shaped(judgeQualitySchema, data),
    csv: () => judgeQualityCsv(data),
  });
});
