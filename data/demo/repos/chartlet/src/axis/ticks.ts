import { niceStep } from "../scale/linear";

export function tickValues(min: number, max: number, count = 5): number[] {
  const step = niceStep(max - min, count);
  const values: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) values.push(v);
  return values;
}
