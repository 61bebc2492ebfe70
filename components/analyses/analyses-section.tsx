import "server-only";
import { readSubmissionAnalyses } from "@/lib/server/analyses/read-analyses";
import type { Viewer } from "@/lib/auth/viewer";
import { ContaminationSection } from "./contamination-section";
import { SpectrumSection } from "./spectrum-section";

// The submission page's analyses beyond the scores: §C.4 for every entry, §E.2 for repeated runs. Reads stored rows.
export async function AnalysesSection({ id, viewer }: { id: string; viewer: Viewer }) {
  const analyses = await readSubmissionAnalyses(id, viewer);
  return (
    <>
      <ContaminationSection contamination={analyses.contamination} />
      {analyses.repeated && <SpectrumSection repeated={analyses.repeated} />}
    </>
  );
}
