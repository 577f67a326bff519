/**
 * The `k` best items of a stream under a total order, in O(n log k): a bounded heap whose root is the worst item
 * kept, so most offers cost one comparison.
 */
export class TopK<T> {
  private readonly heap: T[] = [];
  private readonly k: number;
  /** Negative when `a` ranks before `b`. */
  private readonly order: (a: T, b: T) => number;

  constructor(k: number, order: (a: T, b: T) => number) {
    this.k = k;
    this.order = order;
  }

  offer(item: T): void {
    const { heap } = this;
    if (this.k <= 0) return;
    if (heap.length < this.k) {
      heap.push(item);
      this.up(heap.length - 1);
    } else if (this.order(item, heap[0]!) < 0) {
      heap[0] = item;
      this.down(0);
    }
  }

  /**
   * The item a new one must beat to be kept once `k` items are kept, else undefined: lets callers skip building
   * items that would be dropped.
   */
  bar(): T | undefined {
    return this.heap.length >= this.k ? this.heap[0] : undefined;
  }

  /** The kept items, best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.order);
  }

  // The heap keeps the worst item at the root: a parent ranks after its children.
  private after(i: number, j: number): boolean {
    return this.order(this.heap[i]!, this.heap[j]!) > 0;
  }

  private swap(i: number, j: number): void {
    const tmp = this.heap[i]!;
    this.heap[i] = this.heap[j]!;
    this.heap[j] = tmp;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.after(parent, i)) return;
      this.swap(parent, i);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < n && this.after(l, worst)) worst = l;
      if (r < n && this.after(r, worst)) worst = r;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }
}
