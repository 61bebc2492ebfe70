// What the fake judge was asked, for the workbench tests (docs/workbench.md): every judged user message is kept (bounded), and
// GET /__judged?text=T counts the calls whose message contained T, so a test can prove a pair was never judged.

const MAX_KEPT = 20_000;
/** How the judge was asked: a direct call, or a line of a batch (fake-batches.ts). */
export type JudgedVia = "direct" | "batch";
const judged: { message: string; via: JudgedVia }[] = [];
let recorded = 0;

export function recordJudged(userMessage: string, via: JudgedVia = "direct"): void {
  judged.push({ message: userMessage, via });
  recorded++;
  if (judged.length > MAX_KEPT) judged.splice(0, judged.length - MAX_KEPT);
}

/** A mark for judgedSince: the number of messages judged so far. */
export function judgedMark(): number {
  return recorded;
}

/** The messages judged since a mark (in the test's own process, where the fake runs), oldest first. */
export function judgedSince(mark: number): { message: string; via: JudgedVia }[] {
  return judged.slice(Math.max(0, judged.length - (recorded - mark)));
}

/** The answer to GET /__judged?text=T (null when the URL is not that route). */
export function judgedAnswer(url: string | undefined): { calls: number } | null {
  if (!url?.startsWith("/__judged")) return null;
  const text = new URL(url, "http://fake").searchParams.get("text") ?? "";
  return { calls: text ? judged.filter((m) => m.message.includes(text)).length : judged.length };
}
