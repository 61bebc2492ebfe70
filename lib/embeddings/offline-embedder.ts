// Offline text embeddings: deterministic, dependency-free, no model download. Used when no embedding
// provider is configured (and in tests), and recorded as OFFLINE_EMBEDDING_MODEL with every score.
// It is a lexical stand-in for all-MiniLM-L6-v2 (Table 10): texts sharing vocabulary land close, real
// paraphrases with different words do not, and its cosine scale is not MiniLM's, so the paper's
// embedding thresholds are only a rough fit for it.
//
// Method (feature hashing, "hashing trick"):
//   1. Words are maximal runs of Unicode letters/digits/underscore, lowercased. A word made of several
//      camelCase or snake_case parts also contributes its parts (`parseHeader` -> parseheader, parse,
//      header), so prose ("parse the header") meets code. A few English function words are dropped:
//      they would make every pair of descriptions look alike.
//   2. Features: word unigrams (parts included), bigrams of consecutive words, and character trigrams
//      of each word padded with "#" (robust to plurals and inflections: "overflow" ~ "overflows").
//   3. Each feature is hashed with FNV-1a into one of `dims` buckets with a hash-derived sign, so
//      collisions cancel on average instead of adding up; its weight is group weight x (1 + ln tf).
//   4. The vector is L2-normalised, so a dot product is a cosine.

export const OFFLINE_EMBEDDING_MODEL = "offline-hash-384-v1";
/**
 * The provider name recorded with scores made with this embedder. Its cosines are on another scale than MiniLM's (a
 * paraphrase scores about 0.39, unrelated texts about 0.04, against thresholds of 0.57 and 0.65), so the two
 * embedding signals rarely fire: such scores carry an "offline embedder" label.
 */
export const OFFLINE_EMBEDDING_PROVIDER = "offline";

const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an the of to in on at by for from with and or is are was were be been being it its this that these those as into than then there".split(
    " ",
  ),
);

// Whole words carry the meaning; trigrams only smooth over inflections, so they weigh less, and there
// are many more of them per word.
const UNIGRAM_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.7;
const TRIGRAM_WEIGHT = 0.25;

const WORD_PATTERN = /[\p{L}\p{N}_]+/gu;
const PART_PATTERN = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{N}]+/gu;

/** FNV-1a, 32-bit, over UTF-16 code units. */
function hashFeature(feature: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: decorrelates the sign bit from the bucket (hash mod dims). */
function mixBits(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function splitParts(word: string): string[] {
  return (word.match(PART_PATTERN) ?? []).map((part) => part.toLowerCase());
}

function extractFeatures(text: string): Map<string, { count: number; weight: number }> {
  const features = new Map<string, { count: number; weight: number }>();
  const add = (feature: string, weight: number) => {
    const entry = features.get(feature);
    if (entry) entry.count += 1;
    else features.set(feature, { count: 1, weight });
  };
  const words: string[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    const raw = match[0];
    const word = raw.toLowerCase();
    if (STOP_WORDS.has(word)) continue;
    words.push(word);
    add(`w:${word}`, UNIGRAM_WEIGHT);
    const parts = splitParts(raw);
    if (parts.length > 1) for (const part of parts) if (!STOP_WORDS.has(part)) add(`w:${part}`, UNIGRAM_WEIGHT);
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT);
  }
  for (let i = 0; i + 1 < words.length; i++) add(`b:${words[i]} ${words[i + 1]}`, BIGRAM_WEIGHT);
  return features;
}

/** Deterministic unit-length embedding of `text`; the zero vector for text without words. */
export function embedOffline(text: string, dims = 384): Float32Array {
  if (!Number.isInteger(dims) || dims <= 0)
    throw new Error(`embedOffline: dims must be a positive integer, got ${dims}`);
  const accumulated = new Float64Array(dims);
  for (const [feature, { count, weight }] of extractFeatures(text)) {
    const hash = hashFeature(feature);
    const sign = mixBits(hash) & 1 ? -1 : 1;
    // Sublinear tf: a word repeated ten times is stronger evidence, not ten times stronger.
    accumulated[hash % dims]! += sign * weight * (1 + Math.log(count));
  }
  let squared = 0;
  for (const value of accumulated) squared += value * value;
  const scale = squared > 0 ? 1 / Math.sqrt(squared) : 0;
  return Float32Array.from(accumulated, (value) => value * scale);
}
