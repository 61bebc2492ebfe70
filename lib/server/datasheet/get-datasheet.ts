import "server-only";
import { db } from "../../db";
import { datasheetSchema, type Datasheet } from "../../contracts/datasheet";
import { AppError } from "../../errors";
import { refreshDatasheet } from "./refresh-datasheet";

/**
 * The stored datasheet of one benchmark version (computed when its data were imported or changed). A version stored
 * before datasheets existed gets its sheet computed here once.
 */
export async function getDatasheet(slug: string, version: string): Promise<Datasheet> {
  const benchmark = await db.benchmark.findUnique({
    where: { slug_version: { slug, version } },
    select: { id: true, datasheet: { select: { datasheet: true } } },
  });
  if (!benchmark) throw new AppError("not_found", `Unknown benchmark version "${slug}@${version}"`);
  const stored = datasheetSchema.safeParse(benchmark.datasheet?.datasheet);
  return stored.success ? stored.data : refreshDatasheet(benchmark.id);
}
