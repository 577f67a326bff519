/**
 * Index of the first item for which `before` is false, in items where every such item comes after every item for
 * which it is true (a sorted list and "sorts before the key"): a binary search, O(log n).
 */
export function partitionPoint<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
