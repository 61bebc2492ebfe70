// Union-find over findings numbered 0..n-1 (union by size, path halving): the connected components of repeated-run
// merging (§A.4). Kept apart from the merge driver so both the incremental merge and the all-pairs reference
// implementation of the tests build components the same way.

export class DisjointSet {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(readonly count: number) {
    this.parent = Int32Array.from({ length: count }, (_, i) => i);
    this.size = new Int32Array(count).fill(1);
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  }

  connected(a: number, b: number): boolean {
    return this.find(a) === this.find(b);
  }

  /** Joins the components of a and b; false when they were already one. */
  union(a: number, b: number): boolean {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return false;
    if (this.size[rootA]! < this.size[rootB]!) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA]! += this.size[rootB]!;
    return true;
  }
}
