"use strict";
const { Queue } = require("./queue");
const { Worker } = require("./worker");
const { MemoryStore } = require("./store/memory-store");

function createQueue(name, options = {}) {
  return new Queue(name, options.store || new MemoryStore());
}

module.exports = { Queue, Worker, MemoryStore, createQueue };
