/** The list with the item at index swapped with its neighbour; null when there is no neighbour. */
export function moved<T>(items: readonly T[], index: number, offset: -1 | 1): T[] | null {
  const target = index + offset;
  if (target < 0 || target >= items.length) return null;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
