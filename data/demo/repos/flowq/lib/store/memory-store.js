"use strict";

class MemoryStore {
  constructor() {
    this.jobs = new Map();
    this.waiting = [];
  }

  saveJob(job) {
    this.jobs.set(job.id, job);
    this.waiting.push(job.id);
  }

  takeNext() {
    const id = this.waiting.shift();
    return id === undefined ? null : this.jobs.get(id);
  }

  getJobs(start, end) {
    return this.waiting.slice(start, end).map((id) => this.jobs.get(id));
  }
}

module.exports = { MemoryStore };
