import { type ApiRoute, idPath, READ } from "./route-kit";
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

// The body of an upload and of its dry run.
const uploadBody = [
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
];

// Uploads (a findings file or a SARIF log), the caller's list, status and withdrawal.
export const submissionsRoutes = {
  postSubmissions: {
    method: "post",
    raw: true,
    path: "/api/v1/submissions",
    tag: "Submissions",
    summary: "Upload a findings file or a SARIF log",
    description:
      "The body is a findings file (`application/json`) or a SARIF 2.1.0 log (`application/sarif+json`, with the benchmark and model in the query). Stored in one transaction, then scoring is queued. At most `UPLOAD_MAX_BYTES`; malformed files get 422 with every problem by JSON path. With `allow_duplicate=false` (the CLI's and the Python client's default), the same file uploaded again by the same user gets 409 naming the earlier submission; findings that name no file of their repositories get 422 (`allow_unknown_paths=true` scores them anyway).",
    auth: { kind: "required", scopes: ["submit"] },
    query: uploadQuerySchema,
    body: uploadBody,
    success: {
      status: 202,
      schema: createdSubmissionSchema,
      description: "Stored; scoring is queued. `Location` names the status URL",
    },
    errors: [400, 409, 413, 503],
  },
  postSubmissionsValidate: {
    method: "post",
    raw: true,
    path: "/api/v1/submissions/validate",
    tag: "Submissions",
    summary: "Check an upload without storing it (a dry run)",
    description:
      "The same body, query and checks as `POST /api/v1/submissions` (parse, shape, file caps, benchmark version, repositories, known paths, and the duplicate check with `allow_duplicate=false`), refused with the same status and words; nothing is stored and no quota is used (a used-up quota is a warning), while the request rate limits and the uploads in flight still count. The CLI's `validate` sends its file here when it has a server and a token.",
    auth: { kind: "required", scopes: ["submit"] },
    query: uploadQuerySchema,
    body: uploadBody,
    success: { status: 200, schema: uploadValidationSchema, description: "What a real upload would store" },
    errors: [400, 409, 413, 503],
  },
  getSubmissions: {
    method: "get",
    path: "/api/v1/submissions",
    tag: "Submissions",
    summary: "The caller's submissions and upload quota",
    auth: READ,
    query: listSubmissionsQuerySchema,
    success: { status: 200, schema: submissionListSchema, description: "Newest first, with private scores" },
  },
  getSubmissionsId: {
    method: "get",
    path: "/api/v1/submissions/{id}",
    tag: "Submissions",
    summary: "A submission's status and scores",
    description: "Unapproved submissions exist only for their submitter and staff (404 for anyone else).",
    auth: { kind: "optional", scope: "read" },
    params: idPath,
    success: {
      status: 200,
      schema: submissionStatusSchema,
      description: "Status, progress, scores once scored, panel and attribution",
    },
    errors: [404],
  },
  getSubmissionsIdFindings: {
    method: "get",
    path: "/api/v1/submissions/{id}/findings",
    tag: "Submissions",
    summary: "A submission's findings with its metadata and licence",
    description:
      "The findings as stored (every run), the entry's metadata and the licence they are published under (CC-BY-4.0, docs/api.md#licence). Approved entries are public; others exist only for their submitter and staff (404 for anyone else). A SARIF upload is returned in the findings format it was mapped to; the log itself is not kept.",
    auth: { kind: "optional", scope: "read" },
    params: idPath,
    success: { status: 200, schema: submissionFindingsSchema, description: "Metadata, licence and findings per run" },
    errors: [404],
  },
  postSubmissionsIdWithdraw: {
    method: "post",
    path: "/api/v1/submissions/{id}/withdraw",
    tag: "Submissions",
    summary: "Withdraw one's own pending submission",
    auth: { kind: "required", scopes: ["submit"] },
    params: idPath,
    success: { status: 200, schema: withdrawnSubmissionSchema, description: "Withdrawn" },
    errors: [404, 409],
  },
} satisfies Record<string, ApiRoute>;
