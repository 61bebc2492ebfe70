// Model replies are read up to a cap (LLM_MAX_REPLY_BYTES): a judge's verdict is a few hundred bytes and its
// rationale is cut anyway, while an endpoint that streams hundreds of megabytes would otherwise be held in memory
// whole (and past 512 MB cannot even become a string). The declared content-length is checked first; the bytes are
// counted as they arrive and the request is torn down past the cap.

/** A reply longer than the cap; no retry helps (the endpoint answers this way), so the job records it and stops. */
export class ReplyTooLargeError extends Error {
  constructor(readonly capBytes: number) {
    super(`the model endpoint's reply exceeded ${capBytes} bytes`);
  }
}

/** A fetch for the OpenAI SDK whose replies are cut off past `capBytes` (a ReplyTooLargeError when read). */
export function cappedFetch(capBytes: number, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    // Errors surface when the SDK reads the body (not from fetch itself, which the SDK would retry as a dropped
    // connection): a too-long reply is the endpoint's answer, and asking again gets the same.
    const declared = Number(response.headers.get("content-length") ?? 0);
    let counted: ReadableStream<Uint8Array>;
    if (declared > capBytes || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      counted = new ReadableStream({
        start: (controller) =>
          declared > capBytes ? controller.error(new ReplyTooLargeError(capBytes)) : controller.close(),
      });
    } else {
      let bytes = 0;
      counted = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            bytes += chunk.byteLength;
            if (bytes > capBytes) controller.error(new ReplyTooLargeError(capBytes));
            else controller.enqueue(chunk);
          },
        }),
      );
    }
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
