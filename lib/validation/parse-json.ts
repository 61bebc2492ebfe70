import { AppError, type FieldIssue } from "../errors";
import { findJsonErrorOffset } from "./json-error-position";

// Keys that could reach an object's prototype if the parsed value were ever merged into another object.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_DEPTH = 64;

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lastBreak = i;
    }
  }
  return { line, column: position - lastBreak };
}

function findForbiddenKeys(value: unknown, path: string, issues: FieldIssue[], depth: number): void {
  if (issues.length >= 100 || value === null || typeof value !== "object") return;
  if (depth > MAX_DEPTH) {
    issues.push({ path: path || "(root)", message: `nesting deeper than ${MAX_DEPTH} levels` });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => findForbiddenKeys(item, `${path}[${i}]`, issues, depth + 1));
    return;
  }
  for (const key of Object.keys(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) issues.push({ path: childPath, message: `key "${key}" is not allowed` });
    findForbiddenKeys((value as Record<string, unknown>)[key], childPath, issues, depth + 1);
  }
}

/** Parses JSON text, naming where it is malformed and rejecting prototype-polluting keys. */
export function parseJsonText(text: string, what = "The file"): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = text.trim() === "" ? -1 : findJsonErrorOffset(text);
    const where = offset >= 0 ? lineAndColumn(text, offset) : undefined;
    const detail = where ? ` at line ${where.line}, column ${where.column}` : text.trim() === "" ? ": it is empty" : "";
    throw new AppError("invalid_json", `${what} is not valid JSON${detail}`, [
      { path: "(root)", message: `malformed JSON${detail}` },
    ]);
  }
  const issues: FieldIssue[] = [];
  findForbiddenKeys(value, "", issues, 0);
  if (issues.length) throw new AppError("invalid_input", `${what} contains forbidden keys`, issues);
  return value;
}
