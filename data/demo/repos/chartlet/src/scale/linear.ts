export type Domain = [number, number];

export function niceStep(span: number, count: number): number {
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  return (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
}

export function niceDomain([min, max]: Domain, count = 10): Domain {
  const step = niceStep(max - min, count);
  return [Math.floor(min / step) * step, Math.ceil(max / step) * step];
}

export class LinearScale {
  constructor(private domain: Domain, private range: Domain) {}

  map(value: number): number {
    const [d0, d1] = this.domain;
    const [r0, r1] = this.range;
    return r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
  }

  nice(): LinearScale {
    return new LinearScale(niceDomain(this.domain), this.range);
  }
}
