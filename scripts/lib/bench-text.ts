// Wording and code for the synthetic full-scale benchmark of `npm run bench:score` (see bench-generate.ts).
// Each bug kind knows how a maintainer titles and explains it (the reference record) and several ways an
// agent words the same defect (findings), plus a code snippet in Python or JavaScript/TypeScript style. The
// phrasing pools are large on purpose: if every report of a kind shared one template, the lexical signals
// would keep far more pairs than real reports do (the paper's prefilter keeps 2.7% of pairs, §2.3).

export type Style = "python" | "js";

/** The names a bug report talks about, drawn from its repository's vocabulary. */
export type BugContext = {
  fn: string;
  caller: string;
  obj: string;
  field: string;
  item: string;
  arg: string;
  noun: string;
  other: string;
};

type Kind = {
  slug: string;
  titles: ((c: BugContext) => string)[];
  mechanisms: ((c: BugContext) => string)[];
  triggers: ((c: BugContext) => string)[];
  code: (c: BugContext, style: Style) => string[];
};

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// prettier-ignore
export const BUG_KINDS: readonly Kind[] = [
  {
    slug: "off-by-one",
    titles: [(c) => `${c.fn} skips the last ${c.item}`, (c) => `Loop bound in ${c.fn} stops one ${c.item} early`, (c) => `Final ${c.item} ignored by ${c.fn}`, (c) => `${c.fn} never visits trailing ${c.item}`],
    mechanisms: [(c) => `The loop iterates to len(${c.arg}) - 1, so the final ${c.item} is never handled.`, (c) => `Its upper bound subtracts one from the length of ${c.arg}; the last index is excluded twice over.`, (c) => `Iteration ends before the closing element of ${c.arg} because the range end is exclusive already.`],
    triggers: [(c) => `Any ${c.noun} with more than one ${c.item} shows it.`, (c) => `Passing a ${c.noun} whose last ${c.item} matters loses data silently.`, () => `Single-element inputs hide the problem; longer ones drop their tail.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.arg}):`, `    out = []`, `    for i in range(len(${c.arg}) - 1):`, `        out.append(self._${c.field}(${c.arg}[i]))`, `    return out`]
      : [`${c.fn}(${c.arg}) {`, `  const out = [];`, `  for (let i = 0; i < ${c.arg}.length - 1; i++) {`, `    out.push(this.${c.field}(${c.arg}[i]));`, `  }`, `  return out;`],
  },
  {
    slug: "null-deref",
    titles: [(c) => `${c.fn} crashes when ${c.field} is missing`, (c) => `Unchecked empty ${c.field} dereferenced in ${c.fn}`, (c) => `${c.fn} assumes ${c.obj}.${c.field} is always set`, (c) => `Missing guard on absent ${c.field} before use`],
    mechanisms: [(c) => `${c.obj}.${c.field} can be empty, yet ${c.fn} reads an attribute of it without checking.`, (c) => `The lookup of ${c.field} returns nothing for optional ${c.noun}s and the next line dereferences the result.`, (c) => `No fallback exists for an absent ${c.field}; attribute access on the empty value raises.`],
    triggers: [(c) => `A ${c.noun} declared without ${c.field} reaches this path.`, (c) => `Happens whenever the optional ${c.field} is omitted by the caller.`, () => `Minimal inputs produced by other tools omit that entry.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.arg}):`, `    ${c.field} = self.${c.obj}.get("${c.field}")`, `    size = ${c.field}.${c.other}`, `    return self._${c.caller}(${c.arg}, size)`]
      : [`${c.fn}(${c.arg}) {`, `  const ${c.field} = this.${c.obj}.get("${c.field}");`, `  const size = ${c.field}.${c.other};`, `  return this.${c.caller}(${c.arg}, size);`],
  },
  {
    slug: "shared-default",
    titles: [(c) => `Mutable default ${c.arg} shared across ${c.fn} calls`, (c) => `${c.fn} leaks state between invocations`, (c) => `Default ${c.arg} container reused by every ${c.fn} call`],
    mechanisms: [(c) => `The default value of ${c.arg} is created once and mutated in place, so later calls see earlier ${c.item}s.`, (_c) => `A single shared container is appended to on each call instead of a fresh one per invocation.`, (c) => `State accumulates in the default ${c.arg} object, which lives for the whole process.`],
    triggers: [(c) => `Calling ${c.fn} twice without passing ${c.arg} returns stale ${c.item}s.`, () => `Long-running processes accumulate entries from unrelated requests.`, (c) => `The second ${c.noun} processed inherits the first one's ${c.item}s.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.noun}, ${c.arg}=[]):`, `    ${c.arg}.append(${c.noun}.${c.field})`, `    self._${c.caller}(${c.arg})`, `    return ${c.arg}`]
      : [`const DEFAULT_${c.arg.toUpperCase()} = [];`, `export function ${c.fn}(${c.noun}, ${c.arg} = DEFAULT_${c.arg.toUpperCase()}) {`, `  ${c.arg}.push(${c.noun}.${c.field});`, `  return ${c.caller}(${c.arg});`, `}`],
  },
  {
    slug: "missing-await",
    titles: [(c) => `${c.fn} does not wait for ${c.caller}`, (c) => `Result of ${c.caller} used before it resolves`, (c) => `Un-awaited ${c.caller} call in ${c.fn}`, (c) => `${c.fn} races ahead of asynchronous ${c.caller}`],
    mechanisms: [(c) => `${c.caller} is asynchronous but its promise is not awaited, so ${c.fn} continues with a pending value.`, (c) => `The coroutine returned by ${c.caller} is dropped; errors it raises are never observed.`, (c) => `Execution proceeds before the write performed by ${c.caller} completes.`],
    triggers: [() => `Visible under load or with slow storage backends.`, (c) => `A failing ${c.caller} produces an unhandled rejection instead of an error from ${c.fn}.`, (c) => `Reading the ${c.field} right after ${c.fn} returns sees the old value.`],
    code: (c, s) => s === "python"
      ? [`async def ${c.fn}(self, ${c.arg}):`, `    self._${c.caller}(${c.arg})`, `    ${c.field} = await self.${c.obj}.read(${c.arg})`, `    return ${c.field}`]
      : [`async ${c.fn}(${c.arg}) {`, `  this.${c.caller}(${c.arg});`, `  const ${c.field} = await this.${c.obj}.read(${c.arg});`, `  return ${c.field};`],
  },
  {
    slug: "boundary-compare",
    titles: [(c) => `${c.fn} rejects ${c.field} equal to the limit`, (c) => `Strict comparison excludes boundary ${c.field}`, (c) => `Inclusive limit for ${c.field} treated as exclusive`],
    mechanisms: [(c) => `The check uses > where >= is required, so a ${c.field} exactly at the maximum is refused.`, (c) => `Comparison against max_${c.field} is off at the edge: the documented inclusive bound is exclusive in code.`, (_c) => `A value equal to the configured ceiling falls into the error branch.`],
    triggers: [(c) => `Setting ${c.field} to the documented maximum fails.`, () => `Only the exact boundary value is affected.`, (c) => `Users who copy the maximum from the docs see a validation error for their ${c.noun}.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.field}):`, `    if ${c.field} < self.min_${c.field} or not ${c.field} < self.max_${c.field}:`, `        raise ValueError(f"${c.field} out of range: {${c.field}}")`, `    self._${c.field} = ${c.field}`]
      : [`${c.fn}(${c.field}) {`, `  if (${c.field} < this.min${cap(c.field)} || !(${c.field} < this.max${cap(c.field)})) {`, `    throw new RangeError(\`${c.field} out of range: \${${c.field}}\`);`, `  }`, `  this._${c.field} = ${c.field};`],
  },
  {
    slug: "resource-leak",
    titles: [(c) => `${c.fn} leaks the ${c.obj} handle on error`, (c) => `Handle opened by ${c.fn} not closed when ${c.caller} fails`, (c) => `Missing cleanup of ${c.obj} in ${c.fn} error path`],
    mechanisms: [(c) => `The handle is closed only on the success path; an exception from ${c.caller} skips the close call.`, (c) => `No finally block or context manager protects the ${c.obj}, so failures leave it open.`, (c) => `Cleanup of the ${c.obj} happens after the call that can throw, never before returning early.`],
    triggers: [(c) => `Repeated failures of ${c.caller} exhaust file descriptors.`, () => `Long batch jobs eventually hit the open-handle limit.`, (c) => `Any malformed ${c.noun} leaves one more handle behind.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, path):`, `    ${c.obj} = open(path, "rb")`, `    data = self._${c.caller}(${c.obj}.read())`, `    ${c.obj}.close()`, `    return data`]
      : [`${c.fn}(path) {`, `  const ${c.obj} = fs.openSync(path, "r");`, `  const data = this.${c.caller}(fs.readFileSync(${c.obj}));`, `  fs.closeSync(${c.obj});`, `  return data;`],
  },
  {
    slug: "regex-anchor",
    titles: [(c) => `Pattern in ${c.fn} matches partial ${c.field}s`, (c) => `Unanchored regular expression accepts invalid ${c.field}`, (c) => `${c.fn} validation regex lacks end anchor`],
    mechanisms: [(_c) => `The expression has no end anchor, so a valid prefix followed by garbage still matches.`, (c) => `Matching uses search semantics; trailing characters after a well-formed ${c.field} are ignored.`, (c) => `Only the start of the string is constrained, letting malformed ${c.field} values through.`],
    triggers: [(c) => `A ${c.field} such as "abc;drop" passes validation.`, () => `Input with trailing junk is accepted and fails much later.`, (c) => `Typos at the end of a ${c.field} go unnoticed.`],
    code: (c, s) => s === "python"
      ? [`_${c.field.toUpperCase()}_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*")`, ``, `def ${c.fn}(${c.field}):`, `    if not _${c.field.toUpperCase()}_RE.match(${c.field}):`, `        raise ${cap(c.noun)}Error(${c.field})`]
      : [`const ${c.field.toUpperCase()}_RE = /^[A-Za-z_][A-Za-z0-9_]*/;`, ``, `export function ${c.fn}(${c.field}) {`, `  if (!${c.field.toUpperCase()}_RE.test(${c.field})) {`, `    throw new ${cap(c.noun)}Error(${c.field});`, `  }`],
  },
  {
    slug: "rounding",
    titles: [(c) => `${c.fn} truncates fractional ${c.field}`, (c) => `Integer division loses precision of ${c.field}`, (c) => `${c.field} rounded down instead of to nearest`],
    mechanisms: [(c) => `Floor division discards the remainder when ${c.field} is scaled, so results drift by one unit.`, (c) => `The computation truncates toward zero before multiplying, compounding the error for large ${c.noun}s.`, (c) => `Rounding happens on the intermediate value rather than the final ${c.field}.`],
    triggers: [(c) => `Non-integer ratios produce a ${c.field} that is consistently too small.`, () => `Negative inputs round in the wrong direction.`, (c) => `Visible when ${c.noun} sizes are not multiples of the step.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.field}, scale):`, `    steps = ${c.field} // self.step`, `    return steps * scale + self._${c.other}`]
      : [`${c.fn}(${c.field}, scale) {`, `  const steps = Math.trunc(${c.field} / this.step);`, `  return steps * scale + this.${c.other};`],
  },
  {
    slug: "swallowed-error",
    titles: [(c) => `${c.fn} silently ignores ${c.caller} failures`, (c) => `Broad exception handler hides errors in ${c.fn}`, (c) => `Errors from ${c.caller} swallowed, stale ${c.field} returned`],
    mechanisms: [(c) => `A catch-all handler discards the exception and falls back to the previous ${c.field} without logging.`, (c) => `Any error raised by ${c.caller}, including programming errors, is converted into a default value.`, (_c) => `The handler is wider than intended and masks genuine failures as empty results.`],
    triggers: [(c) => `When ${c.caller} fails the caller receives an outdated ${c.field} and no warning.`, () => `Debugging is hard because nothing is logged.`, (c) => `Corrupt ${c.noun}s look like empty ones.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.arg}):`, `    try:`, `        self._${c.field} = self._${c.caller}(${c.arg})`, `    except Exception:`, `        pass`, `    return self._${c.field}`]
      : [`${c.fn}(${c.arg}) {`, `  try {`, `    this._${c.field} = this.${c.caller}(${c.arg});`, `  } catch (e) {`, `    // ignore`, `  }`, `  return this._${c.field};`],
  },
  {
    slug: "caller-mutation",
    titles: [(c) => `${c.fn} sorts the caller's ${c.arg} in place`, (c) => `Input ${c.arg} mutated by ${c.fn}`, (c) => `${c.fn} reorders the ${c.item}s it was given`],
    mechanisms: [(c) => `The function sorts ${c.arg} directly instead of a copy, changing the order the caller relies on.`, (_c) => `An in-place operation modifies the argument list, a side effect the API does not document.`, (c) => `Callers that reuse ${c.arg} after the call observe reordered ${c.item}s.`],
    triggers: [(c) => `Rendering the same ${c.noun} twice gives different orders.`, () => `Shared inputs are corrupted for later consumers.`, (c) => `Happens whenever ${c.arg} is not already ordered by ${c.field}.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.arg}):`, `    ${c.arg}.sort(key=lambda x: x.${c.field})`, `    return [self._${c.caller}(x) for x in ${c.arg}]`]
      : [`${c.fn}(${c.arg}) {`, `  ${c.arg}.sort((a, b) => a.${c.field} - b.${c.field});`, `  return ${c.arg}.map((x) => this.${c.caller}(x));`],
  },
  {
    slug: "cache-key",
    titles: [(c) => `Cache in ${c.fn} ignores the ${c.arg} argument`, (c) => `${c.fn} returns stale ${c.field} for different ${c.arg}`, (c) => `Memoization key of ${c.fn} is incomplete`],
    mechanisms: [(c) => `Results are cached by ${c.noun} name only, so a second call with another ${c.arg} returns the first result.`, (c) => `The cache key omits ${c.arg}, which changes the computed ${c.field}.`, (c) => `Entries are never invalidated when ${c.arg} changes.`],
    triggers: [(c) => `Calling ${c.fn} with two settings in one process returns identical output.`, () => `Tests pass in isolation and fail when run together.`, (c) => `Switching ${c.arg} at runtime has no effect.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.noun}, ${c.arg}):`, `    if ${c.noun}.name in self._cache:`, `        return self._cache[${c.noun}.name]`, `    value = self._${c.caller}(${c.noun}, ${c.arg})`, `    self._cache[${c.noun}.name] = value`, `    return value`]
      : [`${c.fn}(${c.noun}, ${c.arg}) {`, `  if (this.cache.has(${c.noun}.name)) return this.cache.get(${c.noun}.name);`, `  const value = this.${c.caller}(${c.noun}, ${c.arg});`, `  this.cache.set(${c.noun}.name, value);`, `  return value;`],
  },
  {
    slug: "encoding",
    titles: [(c) => `${c.fn} decodes ${c.field} with the wrong encoding`, (c) => `Non-ASCII ${c.field} garbled by ${c.fn}`, (c) => `${c.fn} assumes latin-1 for UTF-8 ${c.field}`],
    mechanisms: [(c) => `Bytes are decoded with a fixed single-byte codec although the ${c.noun} declares UTF-8.`, (_c) => `The declared charset is ignored and multi-byte characters become mojibake.`, (_c) => `Decoding happens before the encoding header is read.`],
    triggers: [(c) => `A ${c.field} containing accented characters comes back corrupted.`, () => `Only non-ASCII input is affected.`, (c) => `Round-tripping a ${c.noun} changes its text.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, raw):`, `    ${c.field} = raw.decode("latin-1")`, `    self._${c.other} = self._${c.caller}(${c.field})`, `    return ${c.field}`]
      : [`${c.fn}(raw) {`, `  const ${c.field} = new TextDecoder("latin1").decode(raw);`, `  this.${c.other} = this.${c.caller}(${c.field});`, `  return ${c.field};`],
  },
  {
    slug: "timezone",
    titles: [(c) => `${c.fn} mixes naive and aware timestamps`, (c) => `${c.field} computed in local time instead of UTC`, (c) => `Timezone dropped when ${c.fn} parses ${c.field}`],
    mechanisms: [(c) => `The parsed ${c.field} loses its offset, then is compared with UTC values.`, (c) => `Local wall-clock time is used where the scheduler expects UTC, shifting ${c.field} by the host offset.`, (c) => `Daylight-saving transitions produce duplicated or missing ${c.item}s.`],
    triggers: [() => `Only hosts outside UTC see it; CI in UTC passes.`, (c) => `Around a DST change the ${c.field} jumps by an hour.`, (c) => `${c.noun}s created in another zone are misordered.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, value):`, `    ${c.field} = datetime.strptime(value, "%Y-%m-%dT%H:%M:%S")`, `    if ${c.field} < datetime.now(timezone.utc):`, `        self._${c.caller}(${c.field})`]
      : [`${c.fn}(value) {`, `  const ${c.field} = new Date(value.replace("Z", ""));`, `  if (${c.field}.getHours() < this.${c.other}) {`, `    this.${c.caller}(${c.field});`, `  }`],
  },
  {
    slug: "listener-leak",
    titles: [(c) => `${c.fn} never removes its ${c.field} listener`, (c) => `Event handler registered by ${c.fn} outlives the ${c.noun}`, (c) => `Disposed ${c.noun} still reacts to ${c.field} events`],
    mechanisms: [(_c) => `A listener is added on every call but the teardown path does not remove it.`, (c) => `The handler closes over the ${c.noun}, keeping it alive after dispose.`, (_c) => `Subscriptions accumulate because the unsubscribe function is discarded.`],
    triggers: [(c) => `Creating and disposing ${c.noun}s repeatedly grows memory.`, (c) => `Old ${c.noun}s keep handling ${c.field} events after removal.`, () => `Handlers fire several times after re-initialisation.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self):`, `    self.${c.obj}.subscribe("${c.field}", self._${c.caller})`, ``, `def dispose(self):`, `    self._${c.other} = None`]
      : [`${c.fn}() {`, `  this.${c.obj}.addEventListener("${c.field}", (e) => this.${c.caller}(e));`, `}`, `dispose() {`, `  this.${c.other} = null;`],
  },
  {
    slug: "falsy-default",
    titles: [(c) => `${c.fn} replaces an explicit zero ${c.field} with the default`, (c) => `Falsy ${c.field} treated as missing in ${c.fn}`, (c) => `${c.field} of 0 ignored by ${c.fn}`],
    mechanisms: [(c) => `The fallback uses a truthiness test, so 0 or an empty string is replaced by the default ${c.field}.`, (c) => `An "or" default cannot distinguish an explicit zero from an absent ${c.field}.`, (_c) => `Valid falsy settings are overwritten before validation.`],
    triggers: [(c) => `Configuring ${c.field}=0 silently behaves like the default.`, () => `Users cannot disable the feature through configuration.`, (c) => `Empty-string ${c.field} values revert to the default.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, options):`, `    ${c.field} = options.get("${c.field}") or DEFAULT_${c.field.toUpperCase()}`, `    return self._${c.caller}(${c.field})`]
      : [`${c.fn}(options) {`, `  const ${c.field} = options.${c.field} || DEFAULT_${c.field.toUpperCase()};`, `  return this.${c.caller}(${c.field});`],
  },
  {
    slug: "check-then-act",
    titles: [(c) => `Race between check and update of ${c.field} in ${c.fn}`, (c) => `${c.fn} can process the same ${c.noun} twice`, (c) => `Non-atomic test-and-set of ${c.field}`],
    mechanisms: [(c) => `The ${c.field} is read, checked and written in separate steps, so two workers both pass the check.`, (c) => `Nothing locks the ${c.noun} between the existence check and the insert.`, (c) => `Concurrent calls observe the same old ${c.field} and both proceed.`],
    triggers: [() => `Two workers polling at once duplicate the work.`, (c) => `Under contention a ${c.noun} is handled twice.`, () => `Retries after a timeout make the window larger.`],
    code: (c, s) => s === "python"
      ? [`def ${c.fn}(self, ${c.noun}_id):`, `    ${c.field} = self.${c.obj}.get(${c.noun}_id)`, `    if ${c.field} is None:`, `        self.${c.obj}.set(${c.noun}_id, self._${c.caller}())`]
      : [`async ${c.fn}(${c.noun}Id) {`, `  const ${c.field} = await this.${c.obj}.get(${c.noun}Id);`, `  if (${c.field} == null) {`, `    await this.${c.obj}.set(${c.noun}Id, this.${c.caller}());`, `  }`],
  },
];

const CONSEQUENCES = [
  "The output is wrong without any error.",
  "Users see an exception with a confusing stack trace.",
  "Downstream steps receive inconsistent data.",
  "The problem was reported by several users before the fix.",
  "Results differ between runs.",
  "It breaks the round trip through the public API.",
  "The documented contract is violated.",
  "Data written afterwards is corrupted.",
  "Performance degrades steadily over time.",
];
const AGENT_OPENERS = ["Looking at", "In", "While auditing", "Reading", "Inside", "Around"];
const AGENT_CLOSERS = [
  "I believe this is a real defect.",
  "Fixing the condition resolves it.",
  "A regression test should cover it.",
  "This looks unintended.",
  "",
  "",
];

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** How a maintainer words a reference bug: the kind's first phrasings (which agents never use) plus one consequence. */
export function writeReference(kind: Kind, c: BugContext, aside: string, random: () => number) {
  return {
    title: kind.titles[0]!(c),
    description: `${kind.mechanisms[0]!(c)} ${aside} ${kind.triggers[0]!(c)} ${pick(random, CONSEQUENCES)}`,
  };
}

/** How an agent words a finding: the kind's other phrasings, with framing of its own. */
export function writeFinding(
  kind: Kind,
  c: BugContext,
  file: string,
  aside: string,
  random: () => number,
  concise = false,
) {
  const title = pick(random, kind.titles.slice(1))(c);
  const opener = `${pick(random, AGENT_OPENERS)} ${file.split("/").pop()}, ${c.fn}:`;
  const mechanism = pick(random, kind.mechanisms.slice(1))(c);
  // Concise: the title's claim in the agent's words and the aside, without the kind's stock sentences.
  const sentences = concise
    ? [opener, `${title}.`, aside]
    : [opener, mechanism, aside, pick(random, kind.triggers.slice(1))(c), pick(random, AGENT_CLOSERS)];
  const description = sentences.join(" ").trim();
  return { title, description };
}

/**
 * A snippet: the kind's faulty lines with surrounding code of the repository (`around`, inserted after the first
 * line). `partial` quotes only the faulty lines and one line before them, as agents often do.
 */
export function writeSnippet(
  kind: Kind,
  c: BugContext,
  style: Style,
  around: string[],
  random: () => number,
  partial = false,
): string {
  const [first, ...rest] = kind.code(c, style);
  if (partial) return [...around.slice(-1), ...rest].join("\n");
  const padding = style === "python" ? `    # ${c.other}: ${c.noun} ${c.item}` : `  // ${c.other}: ${c.noun} ${c.item}`;
  return [first!, ...around, ...rest, random() < 0.5 ? padding : ""].join("\n").trimEnd();
}
