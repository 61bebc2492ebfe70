import { Redis } from "ioredis";
import { db } from "../../db";
import { env } from "../../env";
import { USER_IN_FLIGHT, endpointInFlightLimit, slotLeaseMs, slotWaitMs } from "../../webhooks/fair-share";
import { processGlobals } from "../../process-globals";

// The in-flight limits of lib/webhooks/fair-share.ts, shared by every worker: a counting semaphore per endpoint and
// per user in Redis, a sorted set of the deliveries holding a slot scored by when their lease ends. Taking both slots
// is one script, so a delivery holds both or neither. Hand-written because neither BullMQ (its groups are in the paid
// edition) nor rate-limiter-flexible (rates, not concurrency) bounds work in flight per key.

const TAKE = `
local now = tonumber(ARGV[2])
for i = 1, 2 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], ARGV[3], ARGV[1])
  redis.call('PEXPIREAT', KEYS[i], ARGV[3])
end
return 1`;

const globalForSlots = processGlobals<{ webhookSlotsRedis?: Redis }>();

function redis(): Redis {
  globalForSlots.webhookSlotsRedis ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 5_000 });
  return globalForSlots.webhookSlotsRedis;
}

const endpointKey = (id: string) => `probebench:webhook-slots:endpoint:${id}`;
const userKey = (id: string) => `probebench:webhook-slots:user:${id}`;

export type DeliverySlot = { kind: "held"; release: () => Promise<void> } | { kind: "wait"; waitMs: number };

/** A slot of the delivery's endpoint and owner, or how long to wait before asking again. */
export async function takeDeliverySlot(deliveryId: string): Promise<DeliverySlot> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { endpoint: { select: { id: true, userId: true, consecutiveFailures: true } } },
  });
  // Gone with its endpoint: nothing will be sent, so nothing to hold.
  if (!delivery) return { kind: "held", release: async () => undefined };
  const { endpoint } = delivery;
  const keys = [endpointKey(endpoint.id), userKey(endpoint.userId)];
  const now = Date.now();
  const taken = await redis().eval(
    TAKE,
    2,
    ...keys,
    deliveryId,
    now,
    now + slotLeaseMs(env.WEBHOOK_TIMEOUT_MS),
    endpointInFlightLimit(endpoint),
    USER_IN_FLIGHT,
  );
  if (taken !== 1) return { kind: "wait", waitMs: slotWaitMs(endpoint, env.WEBHOOK_TIMEOUT_MS) };
  return {
    kind: "held",
    release: async () => {
      // A lost release only keeps the slot until its lease ends.
      await redis()
        .multi()
        .zrem(keys[0]!, deliveryId)
        .zrem(keys[1]!, deliveryId)
        .exec()
        .catch(() => undefined);
    },
  };
}
