import proxyaddr from "proxy-addr";
import { z } from "zod";
import { SECRET_KEY_HINT, isSecretKeyText } from "./secret-box";

// The one typed view of process.env. Every variable is documented in .env.example.
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
/** A comma-separated list; blanks and empty entries dropped. */
const commaList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
  );
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A positive whole number, or unset (an empty value counts as unset). */
const optionalPositiveInt = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.coerce.number<string | undefined>().int().min(1).optional())
  .optional();

/**
 * A model's price in dollars per million tokens: input, cached input (prompt tokens a provider's prefix cache served;
 * unset, they cost the input price), output, and the share of those prices a batch API charges (0.5: half).
 */
const modelPriceSchema = z.strictObject({
  input: z.number().min(0),
  cached_input: z.number().min(0).optional(),
  output: z.number().min(0),
  batch_discount: z.number().gt(0).max(1).optional(),
});
const modelPricesSchema = z.record(z.string().min(1), modelPriceSchema, {
  error: 'must map model names to prices, e.g. {"gpt-4.1-mini":{"input":0.4,"output":1.6}}',
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** MODEL_PRICES_JSON: the JSON text, parsed and checked; empty is no override. */
export const modelPricesJsonSchema = z
  .string()
  .trim()
  .default("")
  .transform((text, ctx) => {
    if (text === "") return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: 'must be a JSON object, e.g. {"gpt-4.1-mini":{"input":0.4,"output":1.6}}',
      });
      return z.NEVER;
    }
  })
  .pipe(modelPricesSchema);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: optionalString,
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  PORT: z.coerce.number().int().positive().default(3000),
  // Address the web server listens on (server/server.ts).
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  // Which proxies' X-Forwarded-For to believe: none by default (the socket address is the client). HOPS counts
  // proxies from the app outwards (1 = one nginx in front); PROXIES lists addresses, CIDRs or proxy-addr presets.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  TRUSTED_PROXIES: commaList,
  // Who may be one of those hops: a peer outside this list is the client itself, whatever X-Forwarded-For it sends.
  // Addresses, CIDRs or proxy-addr presets; default loopback and the private ranges (which hold the compose network).
  TRUSTED_PROXY_ADDRESSES: z
    .string()
    .default("loopback,uniquelocal")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine((list) => {
      try {
        proxyaddr.compile(list);
        return true;
      } catch {
        return false;
      }
    }, "must be comma-separated addresses, CIDRs or proxy-addr presets (loopback, linklocal, uniquelocal)"),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  JUDGE_MODEL: z.string().default("gpt-4.1-mini"),
  JUDGE_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(64),
  JUDGE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  JUDGE_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(6),
  // A reply that is not the {match, rationale} JSON is asked again this many times, then the pair is undecided.
  JUDGE_MALFORMED_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  // Batch mode (docs/scoring.md, "Batch mode"): "cold" sends a scoring's uncached reference pairs, then its cross-run
  // duplicate candidates, through the OpenAI Batch API (half price, answered within 24 h), each phase when it has at
  // least JUDGE_BATCH_MIN_PAIRS of them; "off" judges every pair directly. Lines per batch file (the API's limit is
  // 50,000), and the polling interval: the first poll after JUDGE_BATCH_POLL_MS, doubling to JUDGE_BATCH_MAX_POLL_MS.
  JUDGE_BATCH: z.enum(["off", "cold"]).default("off"),
  JUDGE_BATCH_MIN_PAIRS: z.coerce.number().int().min(1).default(1_000),
  JUDGE_BATCH_MAX_LINES: z.coerce.number().int().min(1).max(50_000).default(50_000),
  JUDGE_BATCH_POLL_MS: z.coerce.number().int().min(1).default(30_000),
  JUDGE_BATCH_MAX_POLL_MS: z.coerce.number().int().min(1).default(600_000),
  // Judge calls one submission may make without an admin's approval, estimated after prefiltering (docs/file-formats.md).
  JUDGE_CALL_BUDGET: z.coerce.number().int().min(0).default(150_000),
  // JSON object: model name -> dollars per million tokens, over the defaults of lib/llm/model-prices.ts
  // (docs/operating.md, "Model prices"). A model in neither has no price: its dollars are unknown, never 0.
  MODEL_PRICES_JSON: modelPricesJsonSchema,
  // The account's limits on the OPENAI_* endpoint, requests and tokens per minute (docs/scoring.md, "Provider
  // limits"); unset, they are learned from the replies' x-ratelimit-* headers, and a local server without them is
  // only paced by its refusals. Every worker process shares them through Redis.
  LLM_RPM: optionalPositiveInt,
  LLM_TPM: optionalPositiveInt,
  // Each model role may have its own endpoint, key and limits (lib/llm/endpoint.ts, docs/operating.md): unset, the
  // OPENAI_* endpoint and LLM_RPM / LLM_TPM. Roles on one endpoint and key share one budget (the smallest limit named).
  JUDGE_BASE_URL: optionalUrl,
  JUDGE_API_KEY: optionalString,
  JUDGE_RPM: optionalPositiveInt,
  JUDGE_TPM: optionalPositiveInt,
  PANEL_BASE_URL: optionalUrl,
  PANEL_API_KEY: optionalString,
  PANEL_RPM: optionalPositiveInt,
  PANEL_TPM: optionalPositiveInt,
  ATTRIBUTION_BASE_URL: optionalUrl,
  ATTRIBUTION_API_KEY: optionalString,
  ATTRIBUTION_RPM: optionalPositiveInt,
  ATTRIBUTION_TPM: optionalPositiveInt,
  // Tokens a reply is assumed to use before any is seen (the allowance then follows what replies use).
  LLM_REPLY_TOKENS: z.coerce.number().int().min(1).max(100_000).default(256),
  // Bytes of one model reply read at most; a longer reply fails the call (lib/llm/reply-cap.ts).
  LLM_MAX_REPLY_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(4 * 1024 * 1024),

  // Panel validation (docs/panel-and-attribution.md): tier 1 judges (comma-separated, two in the paper), the tier 2 judge
  // that settles their disagreements, the model that writes panel context documents, findings sampled per run.
  PANEL_JUDGE_MODELS: commaList,
  PANEL_TIER2_MODEL: optionalString,
  PANEL_CONTEXT_MODEL: optionalString,
  PANEL_SAMPLE_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
  PANEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  // Judges run a proof of concept in a sandbox of the repository's snapshot (docs/panel-and-attribution.md): auto
  // when a sandbox can be set up, on always (a failure fails the review), off never. Without one, judges still read
  // the snapshot with read-only tools; confirmations without an executed proof of concept are capped at Low.
  PANEL_SANDBOX: z.enum(["off", "auto", "on"]).default("auto"),
  PANEL_SANDBOX_MAX_TURNS: z.coerce.number().int().min(2).max(200).default(12),
  PANEL_SANDBOX_MAX_TOKENS: z.coerce.number().int().min(1_000).max(10_000_000).default(200_000),
  PANEL_SANDBOX_WALL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
  // Bug-type attribution: the classifying model (default JUDGE_MODEL), and whether it runs after every scoring.
  ATTRIBUTION_MODEL: optionalString,
  ATTRIBUTION_AFTER_SCORING: z.stringbool().default(true),
  ATTRIBUTION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),

  EMBEDDING_PROVIDER: z.enum(["offline", "openai"]).optional(),
  EMBEDDING_BASE_URL: optionalUrl,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_RPM: optionalPositiveInt,
  EMBEDDING_TPM: optionalPositiveInt,
  EMBEDDING_MODEL: z.string().default("all-minilm"),
  EMBEDDING_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(128),

  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  // Uploads one user may have in flight at once (reading, parsing, storing), and the bytes of upload bodies one web
  // process holds at once: what bounds its memory (see docs/file-formats.md).
  UPLOADS_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  UPLOAD_PARSE_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  // Per-file caps of an upload: runs, and findings in one run (the paper's largest runs hold about 8,300).
  MAX_RUNS_PER_FILE: z.coerce.number().int().min(1).max(100).default(10),
  MAX_FINDINGS_PER_RUN: z.coerce.number().int().min(1).default(20_000),
  // Threshold of the JSON log lines on stdout (web server and worker).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Rewritten every 15 s by a healthy worker; the container health check reads its age (worker/heartbeat.ts).
  WORKER_HEARTBEAT_FILE: z.string().default("/tmp/probebench-worker.heartbeat"),
  // How long a worker's claim on a job lasts without renewal, and how often a job may be found stalled (its worker
  // died) before BullMQ gives up on it. Scoring yields the event loop, so the lock is renewed on time.
  WORKER_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  WORKER_MAX_STALLED: z.coerce.number().int().min(0).default(10),
  // Every job row carries a lease its claimant renews (every third of it) while it works; a row queued or running whose
  // lease has passed and that no live job names is queued again by the reconciler, which runs at start and then every
  // RECONCILE_INTERVAL_MS (worker/jobs/reconcile.ts). A row stranded by a lost queue is so picked up within about one
  // lease plus one period.
  JOB_LEASE_MS: z.coerce.number().int().min(500).default(60_000),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  // A Redis that evicts keys (maxmemory-policy other than noeviction) drops queued jobs: the worker refuses to start
  // on one ("refuse"), or only logs an error ("warn"); the web app always only logs it (lib/queue/queue-store.ts).
  REDIS_EVICTION_CHECK: z.enum(["refuse", "warn"]).default("refuse"),
  // How long a stopping worker waits for its active jobs while Redis answers; without Redis it waits for nothing.
  // An attempt cut short is taken up again by another worker (claims are fenced), so stopping never loses work.
  WORKER_SHUTDOWN_MS: z.coerce.number().int().min(0).default(20_000),
  SCORING_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  SCORING_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(5_000),

  // Where repository snapshots are stored (canonical tars named by their sha256): a directory, relative to the
  // working directory unless absolute; a volume in docker-compose.yml.
  SNAPSHOT_STORE: z.string().trim().min(1).default(".data/snapshots"),
  // Bounds on one snapshot, checked while it streams in (import) and out (extraction), before a member is read:
  // uncompressed bytes in all, members in all, bytes of one member (docs/security.md).
  SNAPSHOT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 ** 3),
  SNAPSHOT_MAX_FILES: z.coerce.number().int().min(1).default(100_000),
  SNAPSHOT_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(64 * 1024 ** 2),

  // In-house audit runs (docs/in-house-runs.md). The model endpoint: AUDIT_* when set, else OPENAI_*; without a
  // key no run can be launched. AUDIT_BASE_URLS lists further endpoints an admin may choose per run (comma-separated).
  AUDIT_API_KEY: optionalString,
  AUDIT_BASE_URL: optionalUrl,
  AUDIT_RPM: optionalPositiveInt,
  AUDIT_TPM: optionalPositiveInt,
  AUDIT_BASE_URLS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    ),
  AUDIT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  AUDIT_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  // Per-pass limits: model turns, tokens (input + output), wall time (the paper's passes ran up to three hours, §3).
  AUDIT_PASS_MAX_TURNS: z.coerce.number().int().min(1).max(10_000).default(200),
  AUDIT_PASS_MAX_TOKENS: z.coerce.number().int().min(1_000).default(5_000_000),
  AUDIT_PASS_WALL_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(180),
  AUDIT_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  // Where snapshots are extracted for passes (one read-only copy per run and snapshot).
  AUDIT_WORK_DIR: z.string().trim().min(1).default(".data/audit"),
  // docker: one container per pass (dockerode; DOCKER_HOST as dockerode reads it). process: bubblewrap on this host.
  // auto: docker when its engine answers, else process when bubblewrap works, else none. off: no sandbox.
  SANDBOX: z.enum(["auto", "docker", "process", "off"]).default("auto"),
  // Docker: bind-mount the extracted snapshot (the engine's host sees AUDIT_WORK_DIR) or copy it into each container.
  SANDBOX_SNAPSHOT: z.enum(["bind", "copy"]).default("bind"),
  // The image for snapshots without their own environment image: Debian with Python 3 and Node.js.
  SANDBOX_IMAGE: z.string().trim().min(1).default("node:22-bookworm"),
  SANDBOX_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  SANDBOX_CPUS: z.coerce.number().min(0.1).max(64).default(1),
  SANDBOX_PIDS: z.coerce.number().int().min(16).default(256),
  SANDBOX_TMP_MB: z.coerce.number().int().min(1).default(512),

  PROBEBENCH_URL: z.string().default("http://localhost:3000"),
  PROBEBENCH_TOKEN: optionalString,

  // Accounts (next-auth v4). NEXTAUTH_URL is the public origin; next-auth itself also reads it.
  NEXTAUTH_URL: optionalUrl,
  NEXTAUTH_SECRET: optionalString,
  // The key of the keyed hashes that keep people's judgements blind (the order of pairs to label, the opaque ids of a
  // panel's findings; docs/security.md). Never shown. Default: derived from NEXTAUTH_SECRET (web and worker share it).
  BLINDING_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  GITHUB_ID: optionalString,
  GITHUB_SECRET: optionalString,
  // Comma-separated; a user whose verified email is listed becomes admin at sign-in.
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ALLOW_SIGNUP: z.stringbool().default(true),

  // Webhooks (docs/api.md, "Webhooks"). The key that encrypts endpoints' signing secrets at rest (AES-256-GCM): 32
  // bytes in base64; without it endpoints cannot be registered. Rotating it invalidates every stored secret (users
  // register their endpoints again).
  WEBHOOK_SECRET_KEY: optionalString.pipe(z.string().refine(isSecretKeyText, SECRET_KEY_HINT).optional()),
  // Deliver to loopback, private, link-local and metadata addresses too. Off in production (SSRF); for tests and the
  // demo, whose receivers run on this machine.
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(10_000),
  // Test events one user may send per hour, over all their endpoints.
  WEBHOOK_TEST_EVENTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(10),
  // The first retry's wait; each next one doubles, 12 attempts in all. At most 40 s keeps every retry within 24 hours.
  WEBHOOK_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(40_000).default(30_000),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  // Building benchmark versions from git history (docs/building-benchmarks.md). The model of every build stage (else
  // JUDGE_MODEL), calls in flight per stage, the classifier's and extractor's diff budget (characters, cut at head and
  // tail), the largest git bundle an admin may upload, and the budget above which a build's estimate needs an admin's
  // approval.
  BUILD_MODEL: optionalString,
  BUILD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  BUILD_DIFF_BUDGET_CHARS: z.coerce.number().int().min(1_000).max(1_000_000).default(24_000),
  BUILD_BUNDLE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(512 * 1024 ** 2),
  BUILD_DEFAULT_BUDGET_USD: z.coerce.number().min(0).default(50),
  // One presence check (F.2.3) is an agent session in the sandbox: its turns, tokens and wall time at most.
  BUILD_PRESENCE_MAX_TURNS: z.coerce.number().int().min(2).max(200).default(12),
  BUILD_PRESENCE_MAX_TOKENS: z.coerce.number().int().min(1_000).max(10_000_000).default(200_000),
  BUILD_PRESENCE_WALL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
  // One false-positive audit (F.3.1) is an agent session too, with more checks to make (the temporal test, an
  // identifier search, the pinned lines, a realizable input): its turns, tokens and wall time at most. A session that
  // reaches one without a verdict keeps its bug, unrated.
  BUILD_AUDIT_MAX_TURNS: z.coerce.number().int().min(2).max(200).default(16),
  BUILD_AUDIT_MAX_TOKENS: z.coerce.number().int().min(1_000).max(10_000_000).default(250_000),
  BUILD_AUDIT_WALL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
  // Hosts a build's clone URL may name (comma-separated, exact names). An entry that is an IP address is an
  // operator's own mirror: it is trusted past the private-address guard and may speak plain http. The whole fetch of
  // one repository is bounded by BUILD_BUNDLE_MAX_BYTES and this many milliseconds.
  BUILD_CLONE_HOSTS: z
    .string()
    .default("github.com,gitlab.com,codeberg.org")
    .transform((s) =>
      s
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  BUILD_CLONE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),

  // Fair use: uploads per user per rolling 24 hours (a user's own override wins), and Redis request rate limits.
  SUBMISSION_QUOTA_PER_DAY: z.coerce.number().int().min(0).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_API_READS: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_API_WRITES: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
  // Public reads (pages, schemas, public API) per client address per window, counted by the web server.
  RATE_LIMIT_PUBLIC_READS: z.coerce.number().int().min(1).default(1200),
});

export type Env = z.infer<typeof envSchema>;

/** The typed view of `source` (process.env, or another environment an operator command checks); throws naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv(process.env);

export function requireDatabaseUrl(): string {
  if (!env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set. Run `npm run demo` for a local database, or set it in .env.");
  }
  return env.DATABASE_URL;
}
