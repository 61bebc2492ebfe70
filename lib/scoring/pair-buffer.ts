// Kept candidate pairs in compact typed arrays (two indexes and the six signals: 56 bytes a pair) instead of one
// object per pair, so hundreds of thousands of pairs cost megabytes and are appended without array spreads.

import { SIGNAL_NAMES } from "./thresholds";
import type { SignalValues } from "./types";

/** PairBuffer's arrays cut to length (toArrays), e.g. as received from the prefilter thread. */
export type PairArrays = {
  length: number;
  left: Int32Array<ArrayBuffer>;
  right: Int32Array<ArrayBuffer>;
  signals: Float64Array<ArrayBuffer>;
};

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

  /** The kept pairs as arrays cut to length (copies: they can be transferred to another thread). */
  toArrays(): PairArrays {
    return {
      length: this.length,
      left: this.left.slice(0, this.length),
      right: this.right.slice(0, this.length),
      signals: this.signals.slice(0, this.length * SIGNAL_NAMES.length),
    };
  }

  /** A buffer over arrays of toArrays() (no copy). */
  static fromArrays(arrays: PairArrays): PairBuffer {
    const buffer = new PairBuffer();
    if (
      arrays.left.length < arrays.length ||
      arrays.right.length < arrays.length ||
      arrays.signals.length < arrays.length * SIGNAL_NAMES.length
    ) {
      throw new Error(`pair arrays hold fewer than ${arrays.length} pairs`);
    }
    buffer.length = arrays.length;
    // An empty buffer keeps room to grow: push() doubles the capacity, which must not stay 0.
    if (arrays.length > 0) {
      buffer.left = arrays.left;
      buffer.right = arrays.right;
      buffer.signals = arrays.signals;
    }
    return buffer;
  }

  /** A new buffer holding pair order[k] at position k. */
  permuted(order: Int32Array): PairBuffer {
    const n = SIGNAL_NAMES.length;
    const out = PairBuffer.fromArrays({
      length: order.length,
      left: new Int32Array(Math.max(order.length, 1)),
      right: new Int32Array(Math.max(order.length, 1)),
      signals: new Float64Array(Math.max(order.length, 1) * n),
    });
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (i < 0 || i >= this.length) throw new Error(`pair ${i} is out of range (${this.length} pairs)`);
      out.left[k] = this.left[i]!;
      out.right[k] = this.right[i]!;
      out.signals.set(this.signals.subarray(i * n, (i + 1) * n), k * n);
    }
    return out;
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
