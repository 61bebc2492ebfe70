const DAY = 86_400_000;

export function floorToDay(time: number, utc = false): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return utc ? date.getTime() : date.getTime();
}

export function timeTicks(start: number, end: number, utc = false): number[] {
  const ticks: number[] = [];
  for (let t = floorToDay(start, utc); t <= end; t += DAY) ticks.push(t);
  return ticks;
}
