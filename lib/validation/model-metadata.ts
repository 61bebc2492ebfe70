import { z } from "zod";
import { requiredText } from "./common";

// Model metadata a submitter may state on upload (all optional): the organisation that made the model, the licence
// its weights are published under, and its parameter count. Shown on the board and the entry page as stated, never
// checked against anything: like `open_model`, it is the submitter's word.

const MODEL_METADATA_LIMITS = {
  organisation: 100,
  licence: 64,
  // 10^15: three orders of magnitude above the largest models announced; a JSON number holds it exactly.
  parameterCount: 1e15,
} as const;

export const organisationSchema = requiredText(MODEL_METADATA_LIMITS.organisation).overwrite((s) => s.trim());

// An SPDX identifier (apache-2.0, MIT, llama3.1) or a short name such as "proprietary": one word, no spaces, so it
// can be a filter value and a CSV cell as it is.
export const licenceSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9.+_-]{0,${MODEL_METADATA_LIMITS.licence - 1}}$`), {
    message: `must be a licence identifier such as apache-2.0, MIT or proprietary (letters, digits, . + _ -; at most ${MODEL_METADATA_LIMITS.licence} characters)`,
  });

export const parameterCountSchema = z
  .number()
  .int({ message: "must be a whole number of parameters (e.g. 70000000000 for 70B)" })
  .positive({ message: "must be a positive number of parameters" })
  .max(MODEL_METADATA_LIMITS.parameterCount, { message: "must be at most 10^15" });

// 70B, 1.5T, 405000000000: a count with an optional K/M/B/T suffix, as models are named.
const PARAMETER_SUFFIX: Record<string, number> = { "": 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

/** A parameter count as a person writes it (70B, 1.5T, 405000000000); undefined when it is not one. */
export function parseParameterCount(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmbt]?)\s*$/i.exec(text);
  return match ? Math.round(Number(match[1]) * PARAMETER_SUFFIX[match[2]!.toLowerCase()]!) : undefined;
}

/** A parameter count typed by a person (the CLI's flag, the upload form's field), checked like the file's number. */
export const parameterCountTextSchema = z
  .string()
  .transform((text, ctx) => {
    const n = parseParameterCount(text);
    if (n === undefined) ctx.addIssue({ code: "custom", message: "must be a count such as 70000000000, 70B or 1.5T" });
    return n ?? 0;
  })
  .pipe(parameterCountSchema);
