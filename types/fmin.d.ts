// fmin ships no type declarations, and its build is a UMD file marked as an ES module (it exports nothing under
// Node), so the ES source of the one function used is imported (lib/analyses/stable-beta.ts).
declare module "fmin/src/nelderMead.js" {
  export function nelderMead(
    f: (x: number[]) => number,
    initial: number[],
    parameters?: {
      maxIterations?: number;
      minErrorDelta?: number;
      minTolerance?: number;
      zeroDelta?: number;
      nonZeroDelta?: number;
      sigma?: number;
    },
  ): { x: number[]; fx: number };
}
