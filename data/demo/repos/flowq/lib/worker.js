"use strict";
const { backoffDelay, shouldRetry } = require("./retry");
const { parseDuration } = require("./utils/duration");

class Worker {
  constructor(queue, processor, options = {}) {
    this.queue = queue;
    this.processor = processor;
    this.concurrency = options.concurrency || 1;
    this.lockDuration = parseDuration(options.lockDuration || "30s");
    this.active = 0;
  }

  async runOnce() {
    const job = this.queue.store.takeNext();
    if (!job) return false;
    this.active++;
    const renew = setInterval(() => this.renewLock(job), this.lockDuration);
    try {
      const result = await this.processor(job);
      this.active--;
      this.queue.events.publish("completed", { jobId: job.id, result: JSON.stringify(result) });
    } catch (error) {
      job.attempts++;
      if (shouldRetry(job, error)) setTimeout(() => this.queue.store.saveJob(job), backoffDelay(job.attempts, job.options));
      this.queue.events.publish("failed", { jobId: job.id, reason: error.message });
    } finally {
      clearInterval(renew);
    }
    return true;
  }

  renewLock(job) {
    job.lockedUntil = Date.now() + this.lockDuration;
  }
}

module.exports = { Worker };
