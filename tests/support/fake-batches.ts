import type http from "node:http";

// The fake's Batch API (platform.openai.com/docs/guides/batch): POST /files (multipart upload, purpose "batch"),
// GET /files/{id}/content, POST /batches and GET /batches/{id}. Every line of a batch is answered by the same chat
// handler as a direct call, when the batch completes. Tests steer it through the fake's control:
//  - batchInProgressPolls: a batch answers "in_progress" to this many retrieves before it completes (read at each
//    retrieve, so a test may hold a batch and then let it go);
//  - batchExpireAfterLines: >= 0 ends the batch "expired" with only this many lines answered (the rest in the error
//    file with code batch_expired, as the API reports them);
//  - batchFailLines: the first this many lines of each batch fail (status 500 in the error file);
//  - batchHeldAfter: >= 0 holds every batch created after the first this many (as batchesCreated counts them)
//    "in_progress" whatever batchInProgressPolls says, so a test can let earlier batches end and hold later ones.

export type BatchControl = {
  batchInProgressPolls: number;
  batchExpireAfterLines: number;
  batchFailLines: number;
  batchHeldAfter: number;
};
export const BATCH_CONTROL_DEFAULTS: BatchControl = {
  batchInProgressPolls: 0,
  batchExpireAfterLines: -1,
  batchFailLines: 0,
  batchHeldAfter: -1,
};
/** batchPromptTokens / batchCachedTokens / batchOutputTokens: the usage of the lines answered (200s). */
export type BatchStats = {
  filesUploaded: number;
  batchesCreated: number;
  batchLinesAnswered: number;
  batchPromptTokens: number;
  batchCachedTokens: number;
  batchOutputTokens: number;
};
export const BATCH_STATS_ZERO: BatchStats = {
  filesUploaded: 0,
  batchesCreated: 0,
  batchLinesAnswered: 0,
  batchPromptTokens: 0,
  batchCachedTokens: 0,
  batchOutputTokens: 0,
};

type FakeBatch = {
  id: string;
  /** Its place among the batches this fake created (1 for the first). */
  ordinal: number;
  inputFileId: string;
  created: number;
  polls: number;
  expireAfter: number;
  failLines: number;
  status: string;
  total: number;
  completed: number;
  failed: number;
  outputFileId?: string;
  errorFileId?: string;
  metadata: unknown;
};

/** The answer to one batch line's body: a chat completion, or an error status and body. */
type LineAnswer = (body: Record<string, unknown>) => { status: number; body: unknown };

/** The file part of a multipart/form-data upload (the SDK's files.create) and its purpose. */
function parseMultipart(raw: Buffer, contentType: string): { content: string; purpose: string; filename: string } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = `--${boundary?.[1] ?? boundary?.[2] ?? ""}`;
  const parts = raw.toString("utf8").split(marker);
  let content = "";
  let purpose = "";
  let filename = "upload.jsonl";
  for (const part of parts) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    const value = part.slice(split + 4).replace(/\r\n$/, "");
    if (/name="file"/.test(head)) {
      content = value;
      filename = /filename="([^"]*)"/.exec(head)?.[1] ?? filename;
    } else if (/name="purpose"/.test(head)) purpose = value;
  }
  return { content, purpose, filename };
}

export class FakeBatches {
  private readonly files = new Map<string, { content: string; purpose: string; filename: string }>();
  private readonly batches = new Map<string, FakeBatch>();
  private seq = 0;

  constructor(
    private readonly control: BatchControl,
    private readonly stats: BatchStats,
  ) {}

  clear(): void {
    this.files.clear();
    this.batches.clear();
  }

  /** Handles a Batch API route (true), or leaves the request to others (false). */
  handle(
    req: http.IncomingMessage,
    raw: Buffer,
    body: Record<string, unknown>,
    answer: LineAnswer,
    send: (status: number, body: unknown) => void,
    sendText: (status: number, text: string) => void,
  ): boolean {
    const url = req.url ?? "";
    if (req.method === "POST" && /\/v1(?:\/[^?]*)?\/files$/.test(url)) {
      const upload = parseMultipart(raw, String(req.headers["content-type"] ?? ""));
      if (upload.purpose !== "batch") {
        send(400, { error: { message: `purpose must be "batch", got "${upload.purpose}"` } });
        return true;
      }
      this.stats.filesUploaded++;
      const id = `file-${++this.seq}`;
      this.files.set(id, upload);
      send(200, this.fileObject(id));
      return true;
    }
    const content = /\/files\/([^/]+)\/content$/.exec(url);
    if (req.method === "GET" && content) {
      const file = this.files.get(content[1]!);
      if (file) sendText(200, file.content);
      else send(404, { error: { message: "No such File object" } });
      return true;
    }
    if (req.method === "POST" && /\/v1(?:\/[^?]*)?\/batches$/.test(url)) {
      const file = this.files.get(String(body.input_file_id ?? ""));
      if (!file) {
        send(400, { error: { message: "input_file_id names no uploaded file" } });
        return true;
      }
      if (body.endpoint !== "/v1/chat/completions" || body.completion_window !== "24h") {
        send(400, { error: { message: "endpoint must be /v1/chat/completions and completion_window 24h" } });
        return true;
      }
      this.stats.batchesCreated++;
      const id = `batch_${++this.seq}`;
      const batch: FakeBatch = {
        id,
        ordinal: this.stats.batchesCreated,
        inputFileId: String(body.input_file_id),
        created: Math.floor(Date.now() / 1000),
        polls: 0,
        expireAfter: this.control.batchExpireAfterLines,
        failLines: this.control.batchFailLines,
        status: "validating",
        total: file.content.split("\n").filter((l) => l.trim()).length,
        completed: 0,
        failed: 0,
        metadata: body.metadata ?? null,
      };
      this.batches.set(id, batch);
      send(200, this.batchObject(batch));
      return true;
    }
    const retrieve = /\/batches\/([^/]+)$/.exec(url);
    if (req.method === "GET" && retrieve) {
      const batch = this.batches.get(retrieve[1]!);
      if (!batch) {
        send(404, { error: { message: "No such Batch object" } });
        return true;
      }
      if (batch.status === "validating" || batch.status === "in_progress") {
        const held = this.control.batchHeldAfter >= 0 && batch.ordinal > this.control.batchHeldAfter;
        if (held || batch.polls < this.control.batchInProgressPolls) {
          batch.polls++;
          batch.status = "in_progress";
        } else this.run(batch, answer);
      }
      send(200, this.batchObject(batch));
      return true;
    }
    return false;
  }

  /** Answers the batch's lines through the chat handler, with the failures and expiry the control asked for. */
  private run(batch: FakeBatch, answer: LineAnswer): void {
    const lines = this.files
      .get(batch.inputFileId)!
      .content.split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { custom_id: string; body: Record<string, unknown> });
    const output: string[] = [];
    const errors: string[] = [];
    let expired = false;
    for (const [k, line] of lines.entries()) {
      const id = `batch_req_${++this.seq}`;
      if (k < batch.failLines) {
        errors.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: { status_code: 500, body: { error: { message: "injected failure", type: "server_error" } } },
            error: null,
          }),
        );
        continue;
      }
      if (batch.expireAfter >= 0 && output.length >= batch.expireAfter) {
        expired = true;
        errors.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: null,
            error: {
              code: "batch_expired",
              message: "This request could not be executed before the completion window expired.",
            },
          }),
        );
        continue;
      }
      const reply = answer(line.body);
      this.stats.batchLinesAnswered++;
      const entry = JSON.stringify({
        id,
        custom_id: line.custom_id,
        response: { status_code: reply.status, request_id: id, body: reply.body },
        error: null,
      });
      if (reply.status === 200) {
        output.push(entry);
        const usage = (
          reply.body as { usage: Record<string, number> & { prompt_tokens_details: { cached_tokens: number } } }
        ).usage;
        this.stats.batchPromptTokens += usage.prompt_tokens;
        this.stats.batchCachedTokens += usage.prompt_tokens_details.cached_tokens;
        this.stats.batchOutputTokens += usage.completion_tokens;
      } else errors.push(entry);
    }
    batch.status = expired ? "expired" : "completed";
    batch.completed = output.length;
    batch.failed = errors.length;
    if (output.length > 0) batch.outputFileId = this.storeFile(output, "batch_output");
    if (errors.length > 0) batch.errorFileId = this.storeFile(errors, "batch_output");
  }

  private storeFile(lines: string[], purpose: string): string {
    const id = `file-${++this.seq}`;
    this.files.set(id, { content: `${lines.join("\n")}\n`, purpose, filename: `${id}.jsonl` });
    return id;
  }

  private fileObject(id: string) {
    const file = this.files.get(id)!;
    return {
      id,
      object: "file",
      bytes: Buffer.byteLength(file.content),
      created_at: Math.floor(Date.now() / 1000),
      filename: file.filename,
      purpose: file.purpose,
      status: "processed",
    };
  }

  private batchObject(b: FakeBatch) {
    return {
      id: b.id,
      object: "batch",
      endpoint: "/v1/chat/completions",
      errors: null,
      input_file_id: b.inputFileId,
      completion_window: "24h",
      status: b.status,
      output_file_id: b.outputFileId ?? null,
      error_file_id: b.errorFileId ?? null,
      created_at: b.created,
      request_counts: { total: b.total, completed: b.completed, failed: b.failed },
      metadata: b.metadata,
    };
  }
}
