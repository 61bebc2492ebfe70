// npm run bench:fix-rank — the cost of §C.4's permutation test at the paper's size: a synthetic version of 20
// repositories (60-240 dated bugs each, about 3,200 in all, with tied dates), 27 runs of about 400 matched bugs, 10,000
// permutations per run. Prints wall and CPU time per run (CPU time is the honest figure on a shared machine).

import { fixRankPermutationTest, normaliseFixRanks, type DatedBug } from "../lib/analyses/fix-rank";
import { createSeededRandom } from "../lib/scoring/seeded-random";

const random = createSeededRandom(1);
const bugs: DatedBug[] = [];
for (let r = 0; r < 20; r++) {
  const n = 60 + Math.floor(random() * 180);
  for (let i = 0; i < n; i++)
    bugs.push({ id: `${r}-${i}`, repo: `r${r}`, fixedAt: Math.floor(random() * 500) * 86_400_000 });
}
const ranks = normaliseFixRanks(bugs);
let wall = 0;
let cpu = 0;
for (let run = 0; run < 27; run++) {
  const matched = new Set(bugs.filter(() => random() < 400 / bugs.length).map((b) => b.id));
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  fixRankPermutationTest(ranks, matched, { permutations: 10_000, seed: run });
  wall += performance.now() - started;
  cpu += process.cpuUsage(cpuStarted).user / 1_000;
}
console.log(
  `${bugs.length} dated bugs, 27 runs x 10,000 permutations: ${(wall / 27).toFixed(0)} ms wall, ${(cpu / 27).toFixed(0)} ms CPU per run`,
);
