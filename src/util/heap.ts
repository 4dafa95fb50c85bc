/** Binary min-heap of (key, item) pairs with int32 items; duplicates allowed, no decrease-key (callers skip stale pops). */
export class MinHeap {
  private keys: Float64Array;
  private items: Int32Array;
  private count = 0;

  constructor(initialCapacity = 64) {
    this.keys = new Float64Array(Math.max(1, initialCapacity));
    this.items = new Int32Array(Math.max(1, initialCapacity));
  }

  get size(): number {
    return this.count;
  }

  push(key: number, item: number): void {
    if (this.count === this.keys.length) this.grow();
    const keys = this.keys;
    const items = this.items;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    keys[i] = key;
    items[i] = item;
  }

  /** Smallest key; Infinity when empty. */
  peekKey(): number {
    return this.count === 0 ? Infinity : this.keys[0]!;
  }

  /** Removes the minimum and returns its item. */
  pop(): number {
    if (this.count === 0) throw new RangeError('heap is empty');
    const keys = this.keys;
    const items = this.items;
    const top = items[0]!;
    const n = --this.count;
    if (n > 0) {
      const lastKey = keys[n]!;
      const lastItem = items[n]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && keys[child + 1]! < keys[child]!) child++;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        items[i] = items[child]!;
        i = child;
      }
      keys[i] = lastKey;
      items[i] = lastItem;
    }
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const items = new Int32Array(this.items.length * 2);
    keys.set(this.keys);
    items.set(this.items);
    this.keys = keys;
    this.items = items;
  }
}
