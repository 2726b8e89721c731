/** Edit distance (insertions, deletions, substitutions) between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known command closest to what was typed, for "did you mean …?", or undefined when
 * nothing is close enough to be a plausible typo (more than a third of it differs).
 */
export function nearestCommand(typed: string, known: readonly string[]): string | undefined {
  let best: { command: string; distance: number } | undefined;
  for (const command of known) {
    const distance = editDistance(typed.toLowerCase(), command);
    if (!best || distance < best.distance) best = { command, distance };
  }
  if (!best || best.distance > Math.max(2, Math.floor(best.command.length / 3))) return undefined;
  return best.command;
}
