import { db } from "../../db";

/** Leases a pending or retrying delivery until `until` (one attempt: taken once, not renewed). */
export async function leaseDelivery(deliveryId: string, until: Date): Promise<void> {
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: { in: ["pending", "retrying"] } },
    data: { leaseUntil: until },
  });
}
