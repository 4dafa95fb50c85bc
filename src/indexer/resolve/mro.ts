/** C3 linearisation (Python's MRO), falling back to depth-first order when the bases are inconsistent. */
export function linearize<T>(type: T, bases: readonly T[], baseOrders: readonly (readonly T[])[], key: (t: T) => string): T[] {
  const c3 = merge([...baseOrders.map((order) => [...order]), [...bases]], key);
  if (c3) return [type, ...c3];
  const seen = new Set<string>([key(type)]);
  const order = [type];
  for (const item of baseOrders.flat()) {
    if (seen.has(key(item))) continue;
    seen.add(key(item));
    order.push(item);
  }
  return order;
}

function merge<T>(sequences: T[][], key: (t: T) => string): T[] | null {
  const result: T[] = [];
  const lists = sequences.filter((s) => s.length > 0);
  while (lists.length > 0) {
    let head: T | undefined;
    for (const list of lists) {
      const candidate = list[0]!;
      const k = key(candidate);
      if (!lists.some((other) => other.slice(1).some((t) => key(t) === k))) {
        head = candidate;
        break;
      }
    }
    if (head === undefined) return null;
    const k = key(head);
    result.push(head);
    for (let i = lists.length - 1; i >= 0; i--) {
      if (key(lists[i]![0]!) === k) lists[i]!.shift();
      if (lists[i]!.length === 0) lists.splice(i, 1);
    }
  }
  return result;
}
