"use strict";
const { EventEmitter } = require("node:events");

const DECODERS = {
  completed: (raw) => ({ jobId: raw.jobId, result: JSON.parse(raw.result) }),
  failed: (raw) => ({ jobId: raw.jobId, reason: raw.reason }),
};

function decodeEvent(type, raw) {
  const decode = DECODERS[type];
  return decode ? decode(raw) : null;
}

class QueueEvents extends EventEmitter {
  publish(type, raw) {
    const event = decodeEvent(type, raw);
    if (event) this.emit(type, event);
  }
}

module.exports = { QueueEvents, decodeEvent };
