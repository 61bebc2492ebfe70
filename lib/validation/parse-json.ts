import { printParseErrorCode, visit, type ParseErrorCode } from "jsonc-parser";
import { AppError, formatPath, type FieldIssue } from "../errors";

// Keys that could reach an object's prototype if the parsed value were ever merged into another object.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
// Issues listed in one answer; past this they are counted, not listed (an answer stays small whatever the input).
export const MAX_LISTED_ISSUES = 200;

type PathKey = string | number;

/**
 * What a document may hold before it is materialised. JSON.parse builds every value of the text, so a 50 MB file
 * of `{}` becomes 17 million objects; a streaming scan (jsonc-parser's visitor, which builds no values) checks the
 * shape first and stops at the first limit passed. `arrays` names the arrays that may be long; every other array is
 * held to `maxArrayItems`. Arrays of the same `group` also share a total (e.g. findings across runs).
 */
export type JsonShapeLimits = {
  maxDepth: number;
  maxValues: number;
  maxObjectKeys: number;
  maxArrayItems: number;
  arrays?: (
    path: readonly PathKey[],
  ) => { max: number; noun: string; group?: { name: string; max: number } } | undefined;
};

export const DEFAULT_JSON_LIMITS: JsonShapeLimits = {
  maxDepth: 64,
  maxValues: 50_000_000,
  maxObjectKeys: 100_000,
  maxArrayItems: 50_000_000,
};

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line++;
    lastBreak = i;
  }
  return { line, column: position - lastBreak };
}

function malformed(text: string, what: string, offset: number, reason?: string): AppError {
  const where = offset >= 0 ? lineAndColumn(text, Math.min(offset, text.length)) : undefined;
  const detail = where ? ` at line ${where.line}, column ${where.column}${reason ? ` (${reason})` : ""}` : "";
  return new AppError("invalid_json", `${what} is not valid JSON${detail}`, [
    { path: "(root)", message: `malformed JSON${detail}` },
  ]);
}

// Thrown inside the visitor to stop the scan at the first limit passed.
class StopScan {}

type Frame = {
  kind: "object" | "array";
  items: number;
  keys: number;
  counted?: { max: number; noun: string; group?: { name: string; max: number } };
};

/**
 * Scans JSON text without building it: syntax errors (with their offset), nesting depth, the number of values,
 * object sizes, array lengths, and forbidden keys. Throws the first fatal problem; returns the forbidden-key issues.
 */
function scanJson(text: string, what: string, limits: JsonShapeLimits): FieldIssue[] {
  const path: PathKey[] = [];
  const frames: Frame[] = [];
  const groupTotals = new Map<string, number>();
  const forbidden: FieldIssue[] = [];
  let forbiddenMore = 0;
  let values = 0;
  let fatal: AppError | undefined;
  const stop = (error: AppError): never => {
    fatal = error;
    throw new StopScan();
  };
  const tooBig = (at: readonly PathKey[], message: string) =>
    stop(new AppError("invalid_input", `${what} is too large: ${message}`, [{ path: formatPath(at), message }]));

  // Called as each value starts: counts it, and numbers it within its parent array.
  const enterValue = () => {
    if (++values > limits.maxValues) tooBig([], `more than ${limits.maxValues.toLocaleString("en-US")} JSON values`);
    const parent = frames[frames.length - 1];
    if (parent?.kind !== "array") return;
    path[path.length - 1] = parent.items;
    parent.items++;
    const counted = parent.counted;
    const max = counted?.max ?? limits.maxArrayItems;
    if (parent.items > max)
      tooBig(
        path.slice(0, -1),
        `more than ${max.toLocaleString("en-US")} ${counted?.noun ?? "items"}; the limit is ${max.toLocaleString("en-US")}`,
      );
    if (counted?.group) {
      const total = (groupTotals.get(counted.group.name) ?? 0) + 1;
      groupTotals.set(counted.group.name, total);
      if (total > counted.group.max)
        tooBig(
          [],
          `more than ${counted.group.max.toLocaleString("en-US")} ${counted.group.name} in all; the limit is ${counted.group.max.toLocaleString("en-US")}`,
        );
    }
  };
  const enterContainer = (kind: Frame["kind"]) => {
    enterValue();
    if (frames.length >= limits.maxDepth)
      stop(
        new AppError("invalid_input", `${what} is nested too deeply`, [
          { path: formatPath(path), message: `nesting deeper than ${limits.maxDepth} levels` },
        ]),
      );
    frames.push({ kind, items: 0, keys: 0, counted: kind === "array" ? limits.arrays?.(path) : undefined });
    path.push(kind === "array" ? 0 : "");
  };
  const leaveContainer = () => {
    frames.pop();
    path.pop();
  };

  try {
    visit(
      text,
      {
        onObjectBegin: () => enterContainer("object"),
        onArrayBegin: () => enterContainer("array"),
        onObjectEnd: leaveContainer,
        onArrayEnd: leaveContainer,
        onObjectProperty: (property) => {
          const frame = frames[frames.length - 1]!;
          if (++frame.keys > limits.maxObjectKeys)
            tooBig(path.slice(0, -1), `an object with more than ${limits.maxObjectKeys} keys`);
          path[path.length - 1] = property;
          if (FORBIDDEN_KEYS.has(property)) {
            if (forbidden.length < MAX_LISTED_ISSUES)
              forbidden.push({ path: formatPath(path), message: `key "${property}" is not allowed` });
            else forbiddenMore++;
          }
        },
        onLiteralValue: enterValue,
        onError: (error: ParseErrorCode, offset: number) =>
          stop(malformed(text, what, offset, describeParseError(error))),
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    if (error instanceof StopScan && fatal) throw fatal;
    throw error;
  }
  if (forbiddenMore) forbidden.push({ path: "(more)", message: `${forbiddenMore} more forbidden keys not listed` });
  return forbidden;
}

function describeParseError(code: ParseErrorCode): string {
  // "PropertyNameExpected" -> "property name expected"
  return printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/**
 * Parses JSON text, naming where it is malformed, refusing prototype-polluting keys, and refusing shapes past
 * `limits` before any value is built, so the memory a document costs is bounded by its size and the limits.
 */
export function parseJsonText(text: string, what = "The file", limits: JsonShapeLimits = DEFAULT_JSON_LIMITS): unknown {
  if (text.trim() === "") {
    throw new AppError("invalid_json", `${what} is not valid JSON: it is empty`, [
      { path: "(root)", message: "malformed JSON: it is empty" },
    ]);
  }
  const forbidden = scanJson(text, what, limits);
  if (forbidden.length) throw new AppError("invalid_input", `${what} contains forbidden keys`, forbidden);
  try {
    return JSON.parse(text);
  } catch (error) {
    // The scan and JSON.parse disagree only on rare details (e.g. a control character inside a string).
    const position = /position (\d+)/.exec(String((error as Error).message));
    throw malformed(text, what, position ? Number(position[1]) : -1);
  }
}
