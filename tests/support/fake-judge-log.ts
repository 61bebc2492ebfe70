// What the fake judge was asked, for the workbench tests (docs/workbench.md): every judged user message is kept (bounded), and
// GET /__judged?text=T counts the calls whose message contained T, so a test can prove a pair was never judged.

const MAX_KEPT = 20_000;
const judged: string[] = [];

export function recordJudged(userMessage: string): void {
  judged.push(userMessage);
  if (judged.length > MAX_KEPT) judged.splice(0, judged.length - MAX_KEPT);
}

/** The answer to GET /__judged?text=T (null when the URL is not that route). */
export function judgedAnswer(url: string | undefined): { calls: number } | null {
  if (!url?.startsWith("/__judged")) return null;
  const text = new URL(url, "http://fake").searchParams.get("text") ?? "";
  return { calls: text ? judged.filter((m) => m.includes(text)).length : judged.length };
}
