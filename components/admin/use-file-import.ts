"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ApiError } from "@/lib/api-client";

/**
 * One admin import of a JSON file (a benchmark version, a version's fix dates): the file's own text is the request
 * body, so the server parses it with the same limits and messages as the CLI; the browser only checks its size. On
 * success the page's server data is refreshed and the file input cleared; on failure the API's problems are kept.
 */
export function useFileImport<T>(maxBytes: number, noun: string) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [result, setResult] = useState<T>();
  const megabytes = `${Math.round(maxBytes / (1024 * 1024))} MB`;

  function choose(chosen: File | undefined) {
    if (!chosen && input.current) input.current.value = "";
    setFile(chosen);
    setError(undefined);
    setResult(undefined);
  }

  /** Sends the file's text with `upload` (a `callApi` of the import route). */
  async function send(upload: (text: string) => Promise<T>) {
    setError(undefined);
    setResult(undefined);
    if (!file) return setError(new ApiError(0, `Choose a ${noun} first.`));
    if (file.size > maxBytes)
      return setError(
        new ApiError(
          0,
          `${file.name} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; ${noun}s may be at most ${megabytes}.`,
        ),
      );
    setBusy(true);
    try {
      setResult(await upload(await file.text()));
      setFile(undefined);
      if (input.current) input.current.value = "";
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, "The import failed."));
    } finally {
      setBusy(false);
    }
  }

  return { input, choose, busy, error, result, send, megabytes };
}
