"use strict";
const { QueueEvents } = require("./events");
const { nextRun } = require("./scheduler/cron");

let counter = 0;

class Queue {
  constructor(name, store) {
    this.name = name;
    this.store = store;
    this.events = new QueueEvents();
  }

  async add(name, data, options = {}) {
    const id = options.jobId || String(++counter);
    const job = { id, name, data, options, attempts: 0 };
    if (options.repeat) job.runAt = nextRun(options.repeat.cron).getTime();
    this.store.saveJob(job);
    return job;
  }

  async addBulk(jobs) {
    const added = jobs.map((j) => this.add(j.name, j.data, j.options));
    return added;
  }

  getJobs(start = 0, end = -1) {
    return this.store.getJobs(start, end);
  }
}

module.exports = { Queue };
