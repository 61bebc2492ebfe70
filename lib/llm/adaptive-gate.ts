// Calls in flight to one provider account, with a limit that adapts as TCP's congestion window does: it starts at a
// few calls and grows by one per answered call (slow start, doubling per round trip) until the first refusal for the
// rate limit; from then on it is halved on each refusal and grown back by one per limit's worth of answered calls;
// never above the ceiling the caller configured. Starting small lets the first replies tell the account's limits
// before a whole ceiling of calls meets them. Hand-written: the installed p-limit (3.x) cannot change its
// concurrency while running, and no maintained package adapts it to refusals.

export class AdaptiveGate {
  private inFlight = 0;
  private limit: number;
  private credit = 0;
  private slowStart = true;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private ceiling: number,
    initial = 8,
  ) {
    this.limit = Math.min(ceiling, initial);
  }

  /** The limit now (a fraction while growing back). */
  get current(): number {
    return Math.floor(this.limit);
  }

  /** Raises the ceiling to at least `ceiling` (callers sharing an account may configure different ones). */
  raiseCeiling(ceiling: number): void {
    if (ceiling <= this.ceiling) return;
    this.ceiling = ceiling;
    this.limit = Math.max(this.limit, 1);
    this.wake();
  }

  async enter(): Promise<void> {
    if (this.inFlight < this.current && this.waiting.length === 0) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** A call ended; `outcome` says whether the provider answered it or refused it for the rate limit. */
  leave(outcome: "answered" | "rate_limited" | "other"): void {
    this.inFlight--;
    if (outcome === "rate_limited") {
      this.limit = Math.max(1, this.limit / 2);
      this.credit = 0;
      this.slowStart = false;
    } else if (outcome === "answered" && this.slowStart) {
      this.limit = Math.min(this.ceiling, this.limit + 1);
    } else if (outcome === "answered" && this.limit < this.ceiling) {
      this.credit++;
      if (this.credit >= this.current) {
        this.credit = 0;
        this.limit = Math.min(this.ceiling, this.limit + 1);
      }
    }
    this.wake();
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.inFlight < this.current) {
      this.inFlight++;
      this.waiting.shift()!();
    }
  }
}
