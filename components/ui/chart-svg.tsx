import type { CSSProperties, ReactNode } from "react";
import { scrollRegion } from "./scroll-region";

// The frame of the server-drawn SVG charts. An SVG drawn in a viewBox scales its text with its width: 11-unit labels of
// a 640-unit chart were 5 px on a phone and 18 px at 1280. The drawing is kept between 10/11 and 13/11 of its units
// (labels of 10 to 13 px); on a screen narrower than that it scrolls sideways inside this frame, not the page.
const FONT_UNITS = 11;
const MIN_PX = 10;
const MAX_PX = 13;

export function ChartSvg({
  width,
  height,
  label,
  labelledBy,
  children,
}: {
  width: number;
  height: number;
  /** The chart's accessible name (or `labelledBy`, the id of its caption). */
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  const style: CSSProperties = {
    minWidth: (width * MIN_PX) / FONT_UNITS,
    maxWidth: (width * MAX_PX) / FONT_UNITS,
  };
  return (
    <div className="chart-scroll" {...scrollRegion(label ?? (labelledBy ? { labelledBy } : "Chart"))}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        style={style}
        role="img"
        aria-label={label}
        aria-labelledby={labelledBy}
      >
        {children}
      </svg>
    </div>
  );
}
