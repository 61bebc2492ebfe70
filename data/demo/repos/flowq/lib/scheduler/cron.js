"use strict";

function parseField(field, min, max) {
  if (field === "*") return null;
  return new Set(field.split(",").map(Number).filter((n) => n >= min && n <= max));
}

function parseCron(expression) {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = expression.trim().split(/\s+/);
  return {
    minute: parseField(minute, 0, 59),
    hour: parseField(hour, 0, 23),
    dayOfMonth: parseField(dayOfMonth, 1, 31),
    month: parseField(month, 1, 12),
    dayOfWeek: parseField(dayOfWeek, 0, 6),
  };
}

function matches(schedule, date) {
  const test = (set, value) => set === null || set.has(value);
  return (
    test(schedule.minute, date.getMinutes()) &&
    test(schedule.hour, date.getHours()) &&
    test(schedule.month, date.getMonth() + 1) &&
    test(schedule.dayOfMonth, date.getDate()) &&
    test(schedule.dayOfWeek, date.getDay())
  );
}

function nextRun(expression, from = new Date()) {
  const schedule = parseCron(expression);
  const date = new Date(from.getTime() + 60_000);
  date.setSeconds(0, 0);
  while (!matches(schedule, date)) date.setTime(date.getTime() + 60_000);
  return date;
}

module.exports = { parseCron, nextRun };
