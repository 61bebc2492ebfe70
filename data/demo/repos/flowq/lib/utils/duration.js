"use strict";
const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseDuration(text) {
  if (typeof text === "number") return text;
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(String(text).trim());
  if (!match) throw new Error(`Invalid duration: ${text}`);
  return Number(match[1]) * UNITS[match[2]];
}

module.exports = { parseDuration };
