import "server-only";
import type { JudgeQuality } from "../../contracts/judge-quality";
import { resolveBenchmark } from "../public-reads/list-public-benchmarks";
import { judgeQualityReport } from "./judge-quality-report";
import { loadVersion } from "./load-version";

/** The figures of a named version, or of the default public version when none is named. */
export async function loadPublicJudgeQuality(ref: string | undefined): Promise<JudgeQuality> {
  const version = ref ? await loadVersion(ref) : await loadVersion((await resolveBenchmark(null)).key);
  return judgeQualityReport(version);
}
