import { z } from "zod";

// The messages of every validation problem a user reads (API 422 issues, the upload page, the CLI), in the house's
// words: "required", "must be a number", "must be at most 1". zod's defaults ("Invalid input: expected number,
// received undefined") name its internals. A schema's own message still wins; what is not covered here keeps zod's.

const KIND: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  bigint: "a whole number",
};

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return "text";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "true or false";
  return typeof value === "object" ? "an object" : typeof value;
}

const plural = (n: number | bigint, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function sized(origin: string, bound: number | bigint): string {
  if (origin === "string") return plural(bound, "character", "characters");
  if (origin === "array" || origin === "set") return plural(bound, "item", "items");
  return bound.toLocaleString("en-US");
}

const houseErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "required";
      return `must be ${KIND[issue.expected] ?? issue.expected}, not ${kindOf(issue.input)}`;
    case "too_big": {
      const bound = sized(issue.origin, issue.maximum);
      if (issue.exact) return `must be exactly ${bound}`;
      return issue.inclusive === false ? `must be less than ${bound}` : `must be at most ${bound}`;
    }
    case "too_small": {
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      if (issue.origin === "array" && Number(issue.minimum) === 1) return "must not be empty";
      const bound = sized(issue.origin, issue.minimum);
      if (issue.exact) return `must be exactly ${bound}`;
      return issue.inclusive === false ? `must be more than ${bound}` : `must be at least ${bound}`;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    case "invalid_format":
      return issue.format === "regex" ? "has the wrong format" : `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
};

z.config({ customError: houseErrorMap });
