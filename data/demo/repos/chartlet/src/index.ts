export { Chart } from "./chart";
export { formatNumber } from "./format/number";
export { LinearScale, niceDomain } from "./scale/linear";
export { timeTicks } from "./scale/time";
export type { ChartOptions, SeriesOptions } from "./types";
