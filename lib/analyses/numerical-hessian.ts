// The numerical Hessian the maximum-likelihood fits take their standard errors from (the stable-beta fit of §E.2 and
// the bug-pool families of §A.3): central differences with a step relative to each coordinate. Pure.

/** Hessian of f at x; each coordinate's step is 1e-4 of its size, and at least 1e-4 * `floor`. */
export function numericalHessian(f: (x: number[]) => number, x: readonly number[], floor = 1e-6): number[][] {
  const steps = x.map((v) => 1e-4 * Math.max(Math.abs(v), floor));
  const h = x.map(() => x.map(() => 0));
  for (let i = 0; i < x.length; i++)
    for (let k = i; k < x.length; k++) {
      const at = (di: number, dk: number) => {
        const y = [...x];
        y[i]! += di * steps[i]!;
        y[k]! += dk * steps[k]!;
        return f(y);
      };
      h[i]![k] = h[k]![i] = (at(1, 1) - at(1, -1) - at(-1, 1) + at(-1, -1)) / (4 * steps[i]! * steps[k]!);
    }
  return h;
}
