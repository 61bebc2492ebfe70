import { type ApiRoute, READ, accepted, ok, OPTIONAL_READ, routeList } from "./route-kit";
import {
  createdSubmissionSchema,
  listSubmissionsQuerySchema,
  sarifUploadBodySchema,
  uploadQuerySchema,
  uploadValidationSchema,
  submissionListSchema,
  submissionFindingsSchema,
  submissionStatusSchema,
  withdrawnSubmissionSchema,
} from "./submissions";
import { findingsFileSchema } from "../validation/findings-file";

// What an upload and its dry run take, and how they are refused: the handler reads the body (a findings file or a
// SARIF log) under the upload size limit.
const upload = {
  raw: true,
  query: uploadQuerySchema,
  body: [
    {
      contentType: "application/json",
      schema: findingsFileSchema,
      description: "A findings file (public/schemas/findings-file.schema.json)",
    },
    {
      contentType: "application/sarif+json",
      schema: sarifUploadBodySchema,
      description: "A SARIF 2.1.0 log; see docs/file-formats.md for the mapping",
    },
  ],
  errors: [400, 409, 503],
} satisfies Pick<ApiRoute, "raw" | "query" | "body" | "errors">;

// Uploads (a findings file or a SARIF log), the caller's list, status and withdrawal.
const { get, post } = routeList({
  tag: "Submissions",
  auth: { read: OPTIONAL_READ, write: { kind: "required", scopes: ["submit"] } },
});

export const submissionsRoutes = {
  postSubmissions: post(
    "/api/v1/submissions",
    "Upload a findings file or a SARIF log",
    accepted(createdSubmissionSchema, "Stored; scoring is queued. `Location` names the status URL"),
    {
      description:
        "The body is a findings file (`application/json`) or a SARIF 2.1.0 log (`application/sarif+json`, with the benchmark and model in the query). Stored in one transaction, then scoring is queued. At most `UPLOAD_MAX_BYTES`; malformed files get 422 with every problem by JSON path. With `allow_duplicate=false` (the CLI's and the Python client's default), the same file uploaded again by the same user gets 409 naming the earlier submission; findings that name no file of their repositories get 422 (`allow_unknown_paths=true` scores them anyway).",
      ...upload,
    },
  ),
  postSubmissionsValidate: post(
    "/api/v1/submissions/validate",
    "Check an upload without storing it (a dry run)",
    ok(uploadValidationSchema, "What a real upload would store"),
    {
      description:
        "The same body, query and checks as `POST /api/v1/submissions` (parse, shape, file caps, benchmark version, repositories, known paths, and the duplicate check with `allow_duplicate=false`), refused with the same status and words; nothing is stored and no quota is used (a used-up quota is a warning), while the request rate limits and the uploads in flight still count. The CLI's `validate` sends its file here when it has a server and a token.",
      ...upload,
    },
  ),
  getSubmissions: get(
    "/api/v1/submissions",
    "The caller's submissions and upload quota",
    ok(submissionListSchema, "Newest first, with private scores"),
    { auth: READ, query: listSubmissionsQuerySchema },
  ),
  getSubmissionsId: get(
    "/api/v1/submissions/{id}",
    "A submission's status and scores",
    ok(submissionStatusSchema, "Status, progress, scores once scored, panel and attribution"),
    { description: "Unapproved submissions exist only for their submitter and staff (404 for anyone else)." },
  ),
  getSubmissionsIdFindings: get(
    "/api/v1/submissions/{id}/findings",
    "A submission's findings with its metadata and licence",
    ok(submissionFindingsSchema, "Metadata, licence and findings per run"),
    {
      description:
        "The findings as stored (every run), the entry's metadata and the licence they are published under (CC-BY-4.0, docs/api.md#licence). Approved entries are public; others exist only for their submitter and staff (404 for anyone else). A SARIF upload is returned in the findings format it was mapped to; the log itself is not kept.",
    },
  ),
  postSubmissionsIdWithdraw: post(
    "/api/v1/submissions/{id}/withdraw",
    "Withdraw one's own pending submission",
    ok(withdrawnSubmissionSchema, "Withdrawn"),
    { errors: [409] },
  ),
} satisfies Record<string, ApiRoute>;
