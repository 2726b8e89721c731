/** A line of a diff: kept (" "), only in the old text ("-") or only in the new ("+"). */
export interface DiffLine {
  readonly change: " " | "-" | "+";
  readonly line: string;
}

/** The lines of `before` and `after` along their longest common subsequence. */
export function lineDiff(before: readonly string[], after: readonly string[]): DiffLine[] {
  // lcs(i, j): the length of the longest common subsequence of before[i..] and after[j..].
  const width = after.length + 1;
  const table = new Int32Array((before.length + 1) * width);
  const lcs = (i: number, j: number) => table[i * width + j] ?? 0;
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i * width + j] =
        before[i] === after[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const old = before[i];
    const next = after[j];
    if (old !== undefined && next !== undefined && old === next) {
      lines.push({ change: " ", line: old });
      i++;
      j++;
    } else if (old !== undefined && (next === undefined || lcs(i + 1, j) >= lcs(i, j + 1))) {
      lines.push({ change: "-", line: old });
      i++;
    } else {
      lines.push({ change: "+", line: next ?? "" });
      j++;
    }
  }
  return lines;
}

/**
 * The changed lines of a diff with `context` kept lines around each, numbered by their line in
 * the new text; "…" between the parts.
 */
export function changedParts(diff: readonly DiffLine[], context = 2): string[] {
  const near = new Set<number>();
  diff.forEach((entry, index) => {
    if (entry.change === " ") return;
    for (let at = index - context; at <= index + context; at++) near.add(at);
  });
  const out: string[] = [];
  let newLine = 0;
  let last = -2;
  diff.forEach((entry, index) => {
    if (entry.change !== "-") newLine++;
    if (!near.has(index)) return;
    if (last !== index - 1 && out.length > 0) out.push("  …");
    const number = entry.change === "-" ? "" : String(newLine);
    out.push(`${number.padStart(5)} ${entry.change} ${entry.line}`);
    last = index;
  });
  return out;
}
