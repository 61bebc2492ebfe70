export type Datum = { x: number; y: number };

export interface SeriesOptions {
  name: string;
  data: number[];
  hidden?: boolean;
  color?: string;
}

export interface ChartOptions {
  width: number;
  height: number;
  series: SeriesOptions[];
  utc?: boolean;
  format?: string;
}
