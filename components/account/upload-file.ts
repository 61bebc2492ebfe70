import { ApiError, errorFromResponse, routeUrl } from "@/lib/api-client";
import { submissionsRoutes } from "@/lib/contracts/submissions-routes";
import type { CreatedSubmission } from "@/lib/contracts/submissions";

export type UploadResult = CreatedSubmission;

/**
 * POSTs a findings document with the session cookie. XMLHttpRequest rather than fetch because only it reports
 * upload progress, which a 50 MB file needs.
 */
export function uploadFindings(
  body: string,
  onProgress: (fraction: number) => void,
  // A SARIF log is sent as it is, with what it does not say in the query.
  sarif?: URLSearchParams,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const route = submissionsRoutes.postSubmissions;
    xhr.open("POST", routeUrl(route, undefined, sarif ? Object.fromEntries(sarif) : undefined));
    xhr.setRequestHeader("content-type", sarif ? "application/sarif+json" : "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 202) {
        onProgress(1);
        // Parsed with the route's answer schema, as every answer of the API client is.
        let answer: unknown;
        try {
          answer = JSON.parse(xhr.responseText);
        } catch {
          /* refused below */
        }
        const parsed = route.success.schema.safeParse(answer);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(502, "The server's answer to the upload is not what its contract says."));
      } else {
        reject(errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader("retry-after")));
      }
    };
    xhr.onerror = () => reject(errorFromResponse(0, "", null));
    xhr.send(body);
  });
}
