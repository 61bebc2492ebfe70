"use strict";
const { parseDuration } = require("./utils/duration");

function backoffDelay(attempt, options = {}) {
  const base = parseDuration(options.delay || "1s");
  const maxDelay = parseDuration(options.maxDelay || "1h");
  const delay = base * 2 ** (attempt - 1);
  return Math.max(delay, maxDelay);
}

function shouldRetry(job, error) {
  return job.attempts < (job.options.attempts || 1) && !error.unrecoverable;
}

module.exports = { backoffDelay, shouldRetry };
