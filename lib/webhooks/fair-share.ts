// A fair share of the webhook worker's 16 delivery slots (worker/index.ts), shared by every user. Without
// it one user aiming many events at a slow receiver fills every slot for the length of its timeout, attempt after
// attempt, and everyone else's deliveries wait behind them. So a delivery takes a slot of its endpoint and of its
// owner before it is sent (lib/server/webhooks/delivery-slots.ts); one that finds them full waits without using an
// attempt and without holding a worker slot. An endpoint that keeps failing gets fewer slots and longer waits, and
// one that has failed for a whole day is disabled until its owner re-enables it (as Stripe and GitHub do).

/** Deliveries one endpoint may have in flight at once while it answers. */
const ENDPOINT_IN_FLIGHT = 2;
/** ... and while its last attempt failed (timeouts hold a slot for WEBHOOK_TIMEOUT_MS each). */
const FAILING_ENDPOINT_IN_FLIGHT = 1;
/** Deliveries one user may have in flight over all their endpoints: a quarter of the default 16 slots. */
export const USER_IN_FLIGHT = 4;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600 * 1_000;

export type EndpointHealth = { consecutiveFailures: number };

export function endpointInFlightLimit(health: EndpointHealth): number {
  return health.consecutiveFailures > 0 ? FAILING_ENDPOINT_IN_FLIGHT : ENDPOINT_IN_FLIGHT;
}

/**
 * How long a delivery that found no free slot waits before it asks again: about half a second for a healthy
 * endpoint (its slot frees within a request's time), and half to one timeout for a failing one, whose slot is held
 * by an attempt that will probably run into the timeout. Jittered so waiting deliveries do not ask in lockstep.
 */
export function slotWaitMs(health: EndpointHealth, timeoutMs: number, random: () => number = Math.random): number {
  if (health.consecutiveFailures > 0) return Math.round(timeoutMs * (0.5 + 0.5 * random()));
  return Math.round(250 + 500 * random());
}

/** The slot lease: one attempt's timeout and a margin for its database writes; a worker that dies frees it by then. */
export function slotLeaseMs(timeoutMs: number): number {
  return timeoutMs + 30_000;
}

/** An endpoint failing since this time or earlier is disabled at `now`. */
export function disableCutoff(now: Date): Date {
  return new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
}

export const DISABLED_REASON = "every delivery attempt failed for 24 hours";
