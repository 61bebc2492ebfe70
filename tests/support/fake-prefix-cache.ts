import { createHash } from "node:crypto";

// The fake's emulation of a provider's automatic prompt caching, as OpenAI documents it: a prompt of 1,024 tokens or
// more is cached, and a later prompt of the same model starting with the same first 1,024 tokens, or 1,024 + 128 k,
// is served that prefix from the cache, reported as usage.prompt_tokens_details.cached_tokens. The fake counts a
// token as 4 characters of the prompt (its usage does the same); its cache expires only with POST /__reset.

const MIN_TOKENS = 1_024;
const STEP_TOKENS = 128;
const CHARS_PER_TOKEN = 4;
/** Prefixes remembered at most; then the cache starts empty again (a long benchmark must not grow without bound). */
const MAX_PREFIXES = 500_000;

export class FakePrefixCache {
  private readonly seen = new Set<string>();

  clear(): void {
    this.seen.clear();
  }

  /** The tokens of `prompt` the cache serves (0 below 1,024), remembering its prefixes for later prompts. */
  serve(model: string, prompt: string): number {
    const tokens = Math.floor(prompt.length / CHARS_PER_TOKEN);
    if (tokens < MIN_TOKENS) return 0;
    if (this.seen.size > MAX_PREFIXES) this.seen.clear();
    const hash = createHash("sha1").update(`${model}\0`);
    let cached = 0;
    let matching = true;
    let hashed = 0;
    for (let t = MIN_TOKENS; t <= tokens; t += STEP_TOKENS) {
      hash.update(prompt.slice(hashed, t * CHARS_PER_TOKEN));
      hashed = t * CHARS_PER_TOKEN;
      const key = hash.copy().digest("base64");
      // The cache serves the longest prefix seen before: the run of hits from the shortest prefix on.
      if (matching && this.seen.has(key)) cached = t;
      else matching = false;
      this.seen.add(key);
    }
    return cached;
  }
}
