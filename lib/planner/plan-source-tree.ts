import type { PassPlan } from "../validation/pass-plan";
import { extractFacts, type FileFacts } from "./extract-facts";
import { loadGrammars } from "./grammars";
import { planPasses } from "./plan-passes";
import { exclusionReason, languageOf } from "./select-files";

// The planner's shell: picks the audited files of a tree held in memory, parses them with tree-sitter and plans.
// Used by `probebench plan`, snapshot import and bench:plan, so all three give the same plan for the same files.

export type SourceFile = { path: string; content: Buffer };

export async function planSourceTree(files: readonly SourceFile[]): Promise<PassPlan> {
  const grammars = await loadGrammars();
  const audited: FileFacts[] = [];
  const excluded: { file: string; reason: string }[] = [];
  for (const file of files) {
    const language = languageOf(file.path);
    if (!language) continue;
    const pathReason = exclusionReason(file.path);
    if (pathReason) {
      excluded.push({ file: file.path, reason: pathReason });
      continue;
    }
    const text = file.content.toString("utf8");
    const reason = exclusionReason(file.path, text);
    if (reason) excluded.push({ file: file.path, reason });
    else audited.push(extractFacts(grammars, file.path, language, text));
  }
  return planPasses({ audited, excluded });
}
