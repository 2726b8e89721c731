export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** How far apart the runs were: the largest minus the smallest (0 for one run, NaN for none). */
export function spread(values: number[]): number {
  const numbers = values.filter((value) => !Number.isNaN(value));
  if (numbers.length === 0) return Number.NaN;
  return Math.max(...numbers) - Math.min(...numbers);
}
