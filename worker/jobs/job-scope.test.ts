import { describe, expect, it } from "vitest";
import { failJobOfRejection, runInJobScope, UnhandledInJobError } from "./job-scope";

describe("runInJobScope", () => {
  it("fails the job whose code left a rejection unhandled, and only that job", async () => {
    process.on("unhandledRejection", failJobOfRejection);
    try {
      let otherDone = false;
      const other = runInJobScope(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        otherDone = true;
        return "other";
      });
      const stray = runInJobScope(async () => {
        // A chain nobody awaits, as a library might leave one: it rejects after the job has moved on.
        void Promise.resolve().then(() => {
          throw new RangeError("Cannot create a string longer than 0x1fffffe8 characters");
        });
        await new Promise(() => undefined); // and the job itself never settles
      });
      const failure = await stray.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UnhandledInJobError);
      expect((failure as UnhandledInJobError).reason).toBeInstanceOf(RangeError);
      expect(await other).toBe("other");
      expect(otherDone).toBe(true);
    } finally {
      process.off("unhandledRejection", failJobOfRejection);
    }
  });
});
