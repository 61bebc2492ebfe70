import { execFileSync } from "node:child_process";
import { createSeededRandom } from "../../lib/scoring/seeded-random";

// A synthetic git history for `npm run bench:build`: a snapshot T0 of Python modules (one-line functions), then
// `commits` dated commits of the kinds the paper's window holds: fixes of lines present at T0 (about a third), features
// and fixes of their code (temporal drops), docs, and behaviour-preserving edits. Two modules call their behaviour
// intentional (presence drops) and one its house style (audit flags). Written with `git fast-import` (thousands of
// commits in a second or two). Seeded: the same history every run.

const MODULES = 200;
const FUNCTIONS = 20;
// Pseudo-words for identifiers and fix messages (8,000 of them), so that no two reports or snippets read alike: the
// dedup prefilter compares words and identifiers, and the fake model's dedup judges by word overlap.
const SYLLABLES = "ka lo mi nu pe ra si to vu xe ba do fi gu ha je ko li mo ne".split(" ");
const pickWord = (random: () => number) =>
  Array.from({ length: 3 }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]!).join("");

export type SyntheticHistory = { snapshotSha: string; windowEnd: string; commits: number };

export function writeSyntheticHistory(dir: string, commits: number, seed = 7): SyntheticHistory {
  const random = createSeededRandom(seed);
  const files = new Map<string, string[]>();
  for (let m = 0; m < MODULES; m++) {
    const name = `pkg/mod_${String(m).padStart(2, "0")}.py`;
    const header =
      m === 1 || m === 2 ? ["# intentional: callers rely on these results"] : m === 3 ? ["# house style"] : [];
    const lines = [...header];
    // Each body its own code (the dedup prefilter compares snippets and identifiers): a call of two helpers.
    for (let k = 0; k < FUNCTIONS; k++) {
      const [a, b] = [pickWord(random), pickWord(random)];
      lines.push(`def f_${m}_${k}(x):`, `    return ${a}_${m}_${k}(x) + ${b}(x, ${k})`, "");
    }
    files.set(name, lines);
  }
  files.set("README.md", ["# synthetic", ""]);

  const chunks: string[] = [];
  const start = Date.UTC(2024, 0, 1) / 1000;
  const emit = (mark: number, message: string, changed: string[]) => {
    chunks.push(`commit refs/heads/main\nmark :${mark}\n`);
    chunks.push(`committer Dev <dev@example.test> ${start + mark * 3_600} +0000\n`);
    chunks.push(`data ${Buffer.byteLength(message)}\n${message}\n`);
    if (mark > 1) chunks.push(`from :${mark - 1}\n`);
    for (const file of changed) {
      const content = `${files.get(file)!.join("\n")}\n`;
      chunks.push(`M 100644 inline ${file}\ndata ${Buffer.byteLength(content)}\n${content}\n`);
    }
  };
  emit(1, "snapshot", [...files.keys()]);

  const unfixed = [...Array(MODULES * FUNCTIONS).keys()];
  const features: { file: string; name: string; line: string }[] = [];
  for (let c = 2; c <= commits + 1; c++) {
    const roll = random();
    const file = `pkg/mod_${String(Math.floor(random() * MODULES)).padStart(2, "0")}.py`;
    if (roll < 0.31 && unfixed.length > 0) {
      const pick = unfixed.splice(Math.floor(random() * unfixed.length), 1)[0]!;
      const [m, k] = [Math.floor(pick / FUNCTIONS), pick % FUNCTIONS];
      const target = `pkg/mod_${String(m).padStart(2, "0")}.py`;
      const lines = files.get(target)!;
      const at = lines.indexOf(`def f_${m}_${k}(x):`) + 1;
      lines[at] = lines[at]!.replace(" + ", " - ");
      const words = Array.from({ length: 4 }, () => pickWord(random)).join(" ");
      emit(c, `fix: f_${m}_${k} ${words} off by ${2 * k}`, [target]);
    } else if (roll < 0.34 && features.length > 0) {
      const feature = features.splice(Math.floor(random() * features.length), 1)[0]!;
      const lines = files.get(feature.file)!;
      lines[lines.indexOf(feature.line)] = feature.line.replace("* 3", "* 2");
      emit(c, `fix: ${feature.name} triples its input instead of doubling it`, [feature.file]);
    } else if (roll < 0.44) {
      const name = `g_${c}`;
      const line = `    return ${pickWord(random)}_${c}(x) * 3`;
      files.get(file)!.push(`def ${name}(x):`, line, "");
      features.push({ file, name, line });
      emit(c, `feat: add ${name}`, [file]);
    } else if (roll < 0.7) {
      files.get("README.md")!.push(`Note ${c}.`);
      emit(c, `docs: note ${c}`, ["README.md"]);
    } else {
      files.get(file)!.push(`# reviewed in change ${c}`);
      emit(c, `refactor: mark ${file} as reviewed`, [file]);
    }
  }
  execFileSync("git", ["init", "-q", "-b", "main", dir]);
  execFileSync("git", ["fast-import", "--quiet"], { cwd: dir, input: chunks.join("") });
  const snapshotSha = execFileSync("git", ["rev-parse", "main~" + commits], { cwd: dir })
    .toString()
    .trim();
  const end = new Date((start + (commits + 2) * 3_600) * 1000 + 86_400_000);
  return { snapshotSha, windowEnd: end.toISOString().slice(0, 10), commits };
}
