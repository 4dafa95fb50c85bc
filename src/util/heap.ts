/** Binary min-heap of (key, item) pairs with integer items; duplicates allowed, no decrease-key (callers skip stale pops). */
export class MinHeap {
  private keys: number[] = [];
  private items: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, item: number): void {
    const keys = this.keys;
    const items = this.items;
    let i = keys.length;
    keys.push(key);
    items.push(item);
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
    return this.keys.length === 0 ? Infinity : this.keys[0]!;
  }

  peekItem(): number {
    if (this.keys.length === 0) throw new RangeError('heap is empty');
    return this.items[0]!;
  }

  /** Removes the minimum and returns its item. */
  pop(): number {
    const keys = this.keys;
    const items = this.items;
    if (keys.length === 0) throw new RangeError('heap is empty');
    const top = items[0]!;
    const lastKey = keys.pop()!;
    const lastItem = items.pop()!;
    const n = keys.length;
    if (n > 0) {
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
}
