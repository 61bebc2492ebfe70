import OpenAI from "openai";
import { AppError } from "../../lib/errors";
import { JudgeReplyError } from "../../lib/llm/judge";
import { isTransientError } from "../../lib/llm/retry";
import { classifyRefusal } from "../../lib/llm/rate-limit-headers";
import { ReplyTooLargeError } from "../../lib/llm/reply-cap";
import { PermanentJobError } from "./job-failure";

/** A failure as shown on the job's row (a message fit for users, no internal details) and whether a retry can help. */
export type ClassifiedError = { permanent: boolean; message: string };
/**
 * `attempt.last`: no retry follows this attempt (the lifecycle records its failure as final), so the message says
 * what happened and what the user can do instead of promising a retry.
 */
export type JobErrorClassifier = (error: unknown, attempt?: { last: boolean }) => ClassifiedError;

type Profile = {
  /** How the feature names the model endpoint it calls ("judge endpoint", "LLM endpoint", "model endpoint"). */
  endpoint: string;
  /** What stops when the endpoint refuses for good ("scoring", "the judge trial"). */
  what: string;
  /** The message of a transient endpoint failure (timeout, connection error, 408/409/429/5xx). */
  transient: (status: number | undefined, last: boolean) => string;
  /** The message of a 404: which settings to check. */
  notFound: string;
  /** The message of an unknown error (retried: it may be a database or network hiccup). */
  internal: (last: boolean) => string;
  /** Further failures no retry can fix, checked after PermanentJobError; undefined when the error is not one. */
  extra?: (error: unknown) => string | undefined;
};

/**
 * The one classifier of LLM, HTTP and engine errors: timeouts, 429 and 5xx can succeed later; a rejected key, a
 * missing model, a refused request or a PermanentJobError cannot; anything unknown is retried and
 * reported without its text (it may hold a connection string or a path).
 */
function classifier(profile: Profile): JobErrorClassifier {
  return (error, attempt) => {
    const last = attempt?.last ?? false;
    if (error instanceof PermanentJobError) return { permanent: true, message: error.userMessage };
    const extra = profile.extra?.(error);
    if (extra !== undefined) return { permanent: true, message: extra };
    const incurable = incurableMessage(error, profile);
    if (incurable !== undefined) return { permanent: true, message: incurable };
    if (isTransientError(error))
      return {
        permanent: false,
        message: profile.transient(error instanceof OpenAI.APIError ? error.status : undefined, last),
      };
    if (error instanceof OpenAI.APIError) {
      if (error.status === 401 || error.status === 403)
        return { permanent: true, message: `The ${profile.endpoint} rejected the configured API key.` };
      if (error.status === 404) return { permanent: true, message: profile.notFound };
      return {
        permanent: true,
        message: `The ${profile.endpoint} refused the request (HTTP ${error.status ?? "unknown"}).`,
      };
    }
    return { permanent: false, message: profile.internal(last) };
  };
}

/** Refusals that waiting never cures, each with its own message (docs/scoring.md, "Provider limits"). */
function incurableMessage(error: unknown, profile: Profile): string | undefined {
  if (error instanceof ReplyTooLargeError)
    return `The ${profile.endpoint} sent a reply longer than ${Math.round(error.capBytes / 1024)} KiB (LLM_MAX_REPLY_BYTES), so ${profile.what} stopped.`;
  if (!(error instanceof OpenAI.APIError)) return undefined;
  switch (
    classifyRefusal(error.status ?? 0, { error: { code: error.code, type: error.type, message: error.message } })
  ) {
    case "insufficient_quota":
      return `The ${profile.endpoint}'s account has run out of quota (insufficient_quota), which waiting does not cure, so ${profile.what} stopped. The site's admins must add credit or raise the account's spending limit.`;
    case "context_length":
      return `A request was longer than the model's context window (context_length_exceeded), so ${profile.what} stopped; it needs a model with a longer context.`;
    case "model_not_found":
      return profile.notFound;
    default:
      return undefined;
  }
}

const cause = (status: number | undefined) => (status ? ` (HTTP ${status})` : " (timeout or connection error)");
/** A transient failure: a retry follows, or (the last attempt) the job stopped and `next` says what the user can do. */
const unavailable = (endpoint: string, status: number | undefined, what: string, last: boolean, next: string) =>
  last
    ? `The ${endpoint} was still unavailable${cause(status)} at the last attempt, so ${what} stopped. ${next}`
    : `The ${endpoint} is unavailable${cause(status)}; ${what} will be retried.`;

// Nothing rescores a failed submission by itself, and admins have no rescore of failed submissions: a new upload is
// the way on (it counts against the daily quota like any upload).
const RESUBMIT = "Submit the findings file again later; if it keeps failing, tell the site's admins.";

export const classifyScoringError = classifier({
  endpoint: "judge endpoint",
  what: "scoring",
  transient: (status, last) => unavailable("judge endpoint", status, "scoring", last, RESUBMIT),
  notFound:
    "The judge model or endpoint was not found; check JUDGE_MODEL and OPENAI_BASE_URL (or JUDGE_BASE_URL); `npx probebench llm check` probes them.",
  internal: (last) =>
    last
      ? `Scoring failed because of an internal error at the last attempt, so it stopped. ${RESUBMIT}`
      : "Scoring failed because of an internal error; it will be retried.",
  extra: (error) =>
    error instanceof JudgeReplyError
      ? "The judge model did not return the required {match, rationale} JSON."
      : undefined,
});

function panelAttributionClassifier(what: "Panel validation" | "Bug-type attribution"): JobErrorClassifier {
  // Admins start both from the submission page; answers already stored are kept, so starting again asks for the rest.
  const again = `An admin can start it again from the submission page; answers already stored are kept.`;
  return classifier({
    endpoint: "LLM endpoint",
    what: what.toLowerCase(),
    transient: (status, last) => unavailable("LLM endpoint", status, what.toLowerCase(), last, again),
    notFound:
      "A configured model or the endpoint was not found; check PANEL_JUDGE_MODELS, PANEL_TIER2_MODEL, ATTRIBUTION_MODEL and OPENAI_BASE_URL (or PANEL_BASE_URL, ATTRIBUTION_BASE_URL); `npx probebench llm check` probes them.",
    internal: (last) =>
      last
        ? `${what} failed because of an internal error at the last attempt, so it stopped. ${again}`
        : `${what} failed because of an internal error; it will be retried.`,
    extra: (error) => {
      // Our own errors carry client-safe messages, e.g. a snapshot refused at extraction (docs/security.md).
      if (error instanceof AppError) return error.message;
      if (error instanceof JudgeReplyError)
        return `${what} stopped: a model kept answering without the required JSON. Every answer already stored is kept; starting again asks only for the rest.`;
      return undefined;
    },
  });
}
export const classifyPanelError = panelAttributionClassifier("Panel validation");
export const classifyAttributionError = panelAttributionClassifier("Bug-type attribution");

export const classifyAuditError = classifier({
  endpoint: "model endpoint",
  what: "the pass",
  transient: () => "The model endpoint was unavailable (timeout, 429 or 5xx).",
  notFound: "The model or endpoint was not found; check the model name and base URL.",
  internal: () => "The pass failed because of an internal error.",
  // Our own errors carry client-safe messages: a snapshot refused at extraction (docs/security.md), no sandbox.
  extra: (error) => (error instanceof AppError ? error.message : undefined),
});

// A datasheet reads only the database: an unknown failure is retried; one that outlasts the retries is recorded, and
// the next change of the version's data (an import) queues the computation again.
export const classifyDatasheetError = classifier({
  endpoint: "database",
  what: "the datasheet",
  transient: (_status, last) =>
    last ? "The datasheet could not be computed at the last attempt." : "The datasheet will be computed again.",
  notFound: "The datasheet's benchmark version was not found.",
  internal: (last) =>
    last
      ? "The datasheet could not be computed because of an internal error at the last attempt; importing the version's fix dates again queues it anew."
      : "The datasheet could not be computed because of an internal error; it will be retried.",
  extra: (error) => (error instanceof AppError ? error.message : undefined),
});

// Fix-rank tests read only the database, like the datasheet.
export const classifyFixRankError = classifier({
  endpoint: "database",
  what: "the fix-rank tests",
  transient: (_status, last) =>
    last
      ? "The fix-rank tests could not be computed at the last attempt."
      : "The fix-rank tests will be computed again.",
  notFound: "The fix-rank tests' benchmark version was not found.",
  internal: (last) =>
    last
      ? "The fix-rank tests could not be computed because of an internal error at the last attempt; importing the version's fix dates again queues them anew."
      : "The fix-rank tests could not be computed because of an internal error; they will be retried.",
  extra: (error) => (error instanceof AppError ? error.message : undefined),
});

export const classifyJudgeTrialError = classifier({
  endpoint: "judge endpoint",
  what: "the judge trial",
  transient: (status, last) =>
    unavailable(
      "judge endpoint",
      status,
      "the judge trial",
      last,
      "Start the trial again later; verdicts already stored are reused.",
    ),
  notFound:
    "The candidate or current judge model was not found on the endpoint; check the model name and OPENAI_BASE_URL (or JUDGE_BASE_URL).",
  internal: (last) =>
    last
      ? "The judge trial failed because of an internal error at the last attempt, so it stopped. Start it again."
      : "The judge trial failed because of an internal error; it will be retried.",
  extra: (error) =>
    error instanceof JudgeReplyError ? "A judge model did not return the required {match, rationale} JSON." : undefined,
});

export const classifyRepeatJudgingError = classifier({
  endpoint: "judge endpoint",
  what: "the repeat of the judge's verdicts",
  transient: (status, last) =>
    unavailable(
      "judge endpoint",
      status,
      "the repeat of the judge's verdicts",
      last,
      "Start a repeat again later with the same seed: it draws the same pairs.",
    ),
  notFound: "The scoring's judge model was not found on the endpoint; check OPENAI_BASE_URL (or JUDGE_BASE_URL).",
  internal: (last) =>
    last
      ? "The repeat failed because of an internal error at the last attempt, so it stopped. Start it again."
      : "The repeat failed because of an internal error; it will be retried.",
  extra: (error) =>
    error instanceof JudgeReplyError
      ? "The judge model did not return the required {match, rationale} JSON."
      : undefined,
});

// A benchmark build's stage: candidates already decided are kept, so a stage started again continues.
export const classifyBuildStageError = classifier({
  endpoint: "LLM endpoint",
  what: "the build stage",
  transient: (status, last) =>
    unavailable(
      "LLM endpoint",
      status,
      "the build stage",
      last,
      "An admin can resume the build from its page; decisions already stored are kept.",
    ),
  notFound:
    "The build's model or the endpoint was not found; check BUILD_MODEL, JUDGE_MODEL and OPENAI_BASE_URL (or JUDGE_BASE_URL).",
  internal: (last) =>
    last
      ? "The build stage failed because of an internal error at the last attempt, so it stopped. An admin can resume the build from its page."
      : "The build stage failed because of an internal error; it will be retried.",
  extra: (error) => {
    if (error instanceof AppError) return error.message;
    if (error instanceof JudgeReplyError)
      return "The build stage stopped: the model kept answering without the required JSON. Decisions already stored are kept; resuming asks only for the rest.";
    return undefined;
  },
});
