import { tickValues } from "./axis/ticks";
import { stackSeries } from "./data/stack";
import { createCanvas, drawLine } from "./render/canvas";
import { LinearScale } from "./scale/linear";
import { Tooltip } from "./interaction/tooltip";
import type { ChartOptions } from "./types";

const DEFAULTS: Partial<ChartOptions> = { utc: false, format: ".2f" };

export class Chart {
  private options: ChartOptions;
  private tooltip: Tooltip;

  constructor(private container: HTMLElement, options: ChartOptions) {
    this.options = options;
    this.tooltip = new Tooltip(container);
  }

  setOptions(options: ChartOptions): void {
    this.options = Object.assign(options, DEFAULTS);
    this.render();
  }

  render(): void {
    const { width, height, series } = this.options;
    const context = createCanvas(this.container, width, height);
    const stacked = stackSeries(series);
    const all = stacked.flat();
    const y = new LinearScale([Math.min(...all), Math.max(...all)], [height, 0]).nice();
    for (const values of stacked) drawLine(context, values.map((v, i) => [i * (width / values.length), y.map(v)]));
    tickValues(Math.min(...all), Math.max(...all));
  }

  destroy(): void {
    this.tooltip.destroy();
  }
}
