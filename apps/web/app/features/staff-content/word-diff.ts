/**
 * What changed between two versions of a text, word by word, pure: the words removed and added,
 * among the words kept, so that 'Antes e depois' shows the change instead of both versions in
 * full. A longest common subsequence of the words (texts are at most a few thousand words; the
 * table is kept under a bound, past which the whole text counts as replaced). Long runs of kept
 * words are shortened to their ends.
 */

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Words and the spaces after them are compared as one token, so spacing changes stay quiet. */
const tokens = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/** Past this many cells the table is not built: the versions are shown as replaced whole. */
const MAX_CELLS = 4_000_000;

/** The parts of `after` against `before`, in order, adjacent parts of a kind joined. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    if (before) push('removed', before);
    if (after) push('added', after);
    return parts;
  }
  const width = b.length + 1;
  // lengths[i * width + j]: the common subsequence's length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  const key = (token: string) => token.trimEnd();
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        key(a[i] as string) === key(b[j] as string)
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i] as string) === key(b[j] as string)) {
      push('same', b[j] as string);
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number)) {
      push('removed', a[i++] as string);
    } else {
      push('added', b[j++] as string);
    }
  }
  while (i < a.length) push('removed', a[i++] as string);
  while (j < b.length) push('added', b[j++] as string);
  return parts;
}

/**
 * The parts with each long run of kept words shortened to `context` words at the ends that touch a
 * change ('…' in between); a text without change is kept whole.
 */
export function shortened(parts: DiffPart[], context = 6): DiffPart[] {
  if (parts.every((p) => p.kind === 'same')) return parts;
  return parts.map((part, index) => {
    if (part.kind !== 'same') return part;
    const words = tokens(part.text);
    const head = index > 0 ? context : 0; // words kept after the change before it
    const tail = index < parts.length - 1 ? context : 0; // words kept before the change after it
    if (words.length <= head + tail + 1) return part;
    const start = words.slice(0, head).join('');
    const end = words.slice(words.length - tail).join('');
    return { kind: 'same', text: `${start}${head > 0 ? '… ' : '…'}${end}` };
  });
}
