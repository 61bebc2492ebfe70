import "server-only";
import { db } from "../../db";
import { computedDatasheetSchema, type Datasheet } from "../../contracts/datasheet";
import { datasheetView } from "../../datasheet/build-datasheet";
import { AppError } from "../../errors";
import { queueDatasheet } from "./queue-datasheet";
import { DATASHEET_HEADER_SELECT, datasheetHeader } from "./refresh-datasheet";

/**
 * The stored datasheet of one benchmark version, with the status of the worker job that computes it ("computing"
 * while the version's data changed since). A version stored before datasheets were computed in the worker gets its
 * computation queued here once; meanwhile the answer is an empty sheet marked computing.
 */
export async function getDatasheet(slug: string, version: string): Promise<Datasheet> {
  const benchmark = await db.benchmark.findUnique({
    where: { slug_version: { slug, version } },
    select: {
      id: true,
      ...DATASHEET_HEADER_SELECT,
      datasheet: { select: { datasheet: true, status: true, error: true } },
    },
  });
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${slug}@${version}"`);
  const row = benchmark.datasheet;
  if (!row) await queueDatasheet(benchmark.id);
  const stored = computedDatasheetSchema.safeParse(row?.datasheet);
  return datasheetView(
    datasheetHeader(benchmark),
    stored.success ? stored.data : null,
    row ?? { status: "queued", error: null },
  );
}
