// Kept candidate pairs in compact typed arrays (two indexes and the six signals: 56 bytes a pair) instead of one
// object per pair, so hundreds of thousands of pairs cost megabytes and are appended without array spreads.

import { SIGNAL_NAMES } from "./thresholds";
import type { SignalValues } from "./types";

export class PairBuffer {
  length = 0;
  left = new Int32Array(1024);
  right = new Int32Array(1024);
  signals = new Float64Array(1024 * SIGNAL_NAMES.length);

  push(left: number, right: number, signals: SignalValues): void {
    if (this.length === this.left.length) this.grow();
    const i = this.length++;
    this.left[i] = left;
    this.right[i] = right;
    const base = i * SIGNAL_NAMES.length;
    for (let k = 0; k < SIGNAL_NAMES.length; k++) this.signals[base + k] = signals[SIGNAL_NAMES[k]!];
  }

  signalsAt(i: number): SignalValues {
    const base = i * SIGNAL_NAMES.length;
    const values = {} as SignalValues;
    SIGNAL_NAMES.forEach((name, k) => (values[name] = this.signals[base + k]!));
    return values;
  }

  private grow(): void {
    const size = this.left.length * 2;
    const left = new Int32Array(size);
    left.set(this.left);
    const right = new Int32Array(size);
    right.set(this.right);
    const signals = new Float64Array(size * SIGNAL_NAMES.length);
    signals.set(this.signals);
    this.left = left;
    this.right = right;
    this.signals = signals;
  }
}
