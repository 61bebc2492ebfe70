import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const submissions = await db.submission.findMany({
    where: { reviewStatus: "approved", scoringStatus: "scored" },
    include: { scores: { where: { kind: "mean", scope: "overall" } }, benchmark: true },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  return (
    <>
      <h1>Leaderboard</h1>
      <div className="table-wrap">
        <table>
          <thead>
            <tr><th>Model</th><th>Benchmark</th><th className="num">Recall</th><th className="num">Precision</th><th className="num">F1</th></tr>
          </thead>
          <tbody>
            {submissions.map((s) => {
              const score = s.scores[0];
              return (
                <tr key={s.id}>
                  <td>{s.model}</td>
                  <td>{s.benchmark.slug}@{s.benchmark.version}</td>
                  <td className="num">{score ? (100 * score.recall).toFixed(1) : "–"}</td>
                  <td className="num">{score ? (100 * score.precision).toFixed(1) : "–"}</td>
                  <td className="num">{score ? (100 * score.f1).toFixed(1) : "–"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
