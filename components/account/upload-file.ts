import { errorFromResponse } from "@/lib/api-client";

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
    xhr.open("POST", sarif ? `/api/v1/submissions?${sarif.toString()}` : "/api/v1/submissions");
    xhr.setRequestHeader("content-type", sarif ? "application/sarif+json" : "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 202) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as UploadResult);
      } else {
        reject(errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader("retry-after")));
      }
    };
    xhr.onerror = () => reject(errorFromResponse(0, "", null));
    xhr.send(body);
  });
}
