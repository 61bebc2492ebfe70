import { AppError } from "../../errors";
import { env } from "../../env";
import { parseSecretKey } from "../../secret-box";

/** WEBHOOK_SECRET_KEY as a key; 503 naming the variable when it is not set (webhooks are then off). */
export function webhookSecretKey(): Buffer {
  if (!env.WEBHOOK_SECRET_KEY)
    throw new AppError("unavailable", "Webhooks are not configured on this server (WEBHOOK_SECRET_KEY is not set)");
  return parseSecretKey(env.WEBHOOK_SECRET_KEY);
}
