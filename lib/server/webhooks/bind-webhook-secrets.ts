import { db } from "../../db";
import { env } from "../../env";
import { log } from "../../observability/log";
import { openSecret, parseSecretKey } from "../../secret-box";

/**
 * Stores every signing secret still kept in the format without associated data (v1) again, bound to its endpoint
 * (lib/secret-box.ts). Run by the worker at start; a delivery also does it for its own endpoint, so nothing
 * depends on this having run. A secret this key cannot open is left as it is (its deliveries say to register again).
 */
export async function bindWebhookSecrets(): Promise<number> {
  if (!env.WEBHOOK_SECRET_KEY) return 0;
  const key = parseSecretKey(env.WEBHOOK_SECRET_KEY);
  const rows = await db.webhookEndpoint.findMany({
    where: { secretEncrypted: { startsWith: "v1." } },
    select: { id: true, secretEncrypted: true },
  });
  let bound = 0;
  for (const row of rows) {
    let upgraded: string | undefined;
    try {
      upgraded = openSecret(row.secretEncrypted, key, row.id).upgraded;
    } catch {
      continue;
    }
    if (!upgraded) continue;
    const { count } = await db.webhookEndpoint.updateMany({
      where: { id: row.id, secretEncrypted: row.secretEncrypted },
      data: { secretEncrypted: upgraded },
    });
    bound += count;
  }
  if (rows.length) log.info({ bound, found: rows.length }, "webhook signing secrets bound to their endpoints");
  return bound;
}
