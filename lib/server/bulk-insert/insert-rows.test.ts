import { describe, expect, it } from "vitest";
import { insertRows } from "./insert-rows";

type Row = { id?: string; name: string; severity?: string | null; fixedAt: Date | null; score?: number };

function recorder() {
  const calls: { sql: string; values: unknown[] }[] = [];
  const execute = async (sql: string, ...values: unknown[]) => {
    calls.push({ sql, values });
    return (values[0] as unknown[]).length;
  };
  return {
    calls,
    // A Proxy over an empty object, as lib/db.ts's client is.
    client: new Proxy({} as { $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number> }, {
      get: (_, prop) => (prop === "$executeRawUnsafe" ? execute : undefined),
    }),
  };
}

describe("insertRows", () => {
  it("writes one unnest statement per batch, with enum and timestamp casts, caller ids and computed columns", async () => {
    const { calls, client } = recorder();
    const rows: Row[] = [
      { name: "a", severity: "high", fixedAt: new Date("2024-01-02T03:04:05Z") },
      { name: "b", fixedAt: null },
      { name: "c", severity: null, fixedAt: null },
    ];
    const inserted = await insertRows<Row>(
      client,
      "ReferenceBug",
      { name: "text", severity: { enum: "Severity" }, fixedAt: "timestamp" },
      rows,
      { chunkSize: 2, id: (_, i) => `b-${i}`, computed: { runId: { type: "text", value: () => "run" } } },
    );
    expect(inserted).toBe(3);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.sql).toBe(
      `INSERT INTO "ReferenceBug" ("id", "name", "severity", "fixedAt", "runId") SELECT * FROM unnest(` +
        `$1::text[], $2::text[], $3::text[]::"Severity"[], $4::timestamp[], $5::text[])`,
    );
    expect(calls[0]!.values).toEqual([
      ["b-0", "b-1"],
      ["a", "b"],
      ["high", null],
      ["2024-01-02T03:04:05.000Z", null],
      ["run", "run"],
    ]);
    expect(calls[1]!.values[0]).toEqual(["b-2"]);
  });

  it("takes a pg client, skips duplicates on request and gives fresh ids by default", async () => {
    const calls: { sql: string; values: unknown[] }[] = [];
    const client = {
      async query(sql: string, values: unknown[]) {
        calls.push({ sql, values });
        return { rowCount: 1 };
      },
    };
    await insertRows<Row>(client, "Finding", { name: "text", fixedAt: "timestamp" }, [{ name: "x", fixedAt: null }], {
      onConflictDoNothing: true,
    });
    expect(calls[0]!.sql).toMatch(/ ON CONFLICT DO NOTHING$/);
    expect((calls[0]!.values[0] as string[])[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
