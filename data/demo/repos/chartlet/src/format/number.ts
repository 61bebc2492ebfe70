const SPECIFIER = /^\.(\d)([fe%])$/;

export function formatNumber(value: number, specifier = ".2f"): string {
  const match = SPECIFIER.exec(specifier);
  if (!match) return String(value);
  const precision = Number(match[1]);
  switch (match[2]) {
    case "f":
      return value.toFixed(precision);
    case "e":
      return value.toExponential(precision);
    default:
      return `${(value * 100).toFixed(precision)}%`;
  }
}
