/**
 * Every name and alias of a catalogue, cleaned, in a few typed arrays: ESCO's 33k labels take under a megabyte
 * here, where one object per label and per word would take tens.
 */
export interface LabelStore {
  readonly count: number;
  /** Title index of each label; a title's labels are contiguous, its name first. */
  readonly title: Int32Array;
  readonly isName: Uint8Array;
  /** Label `l` has the words `words[start[l]] … words[start[l + 1] - 1]` (vocabulary ids). */
  readonly start: Int32Array;
  readonly words: Int32Array;
  /** Per word of `words`: 1 for a seniority modifier. */
  readonly level: Uint8Array;
  /** Per label: offset of its head noun within its words. */
  readonly head: Int32Array;
}

export class LabelStoreBuilder {
  private readonly title: number[] = [];
  private readonly isName: number[] = [];
  private readonly start: number[] = [0];
  private readonly words: number[] = [];
  private readonly level: number[] = [];
  private readonly head: number[] = [];

  add(title: number, isName: boolean, words: readonly number[], level: readonly boolean[], head: number): void {
    this.title.push(title);
    this.isName.push(isName ? 1 : 0);
    for (let i = 0; i < words.length; i++) {
      this.words.push(words[i]!);
      this.level.push(level[i] ? 1 : 0);
    }
    this.start.push(this.words.length);
    this.head.push(head);
  }

  build(): LabelStore {
    return {
      count: this.title.length,
      title: Int32Array.from(this.title),
      isName: Uint8Array.from(this.isName),
      start: Int32Array.from(this.start),
      words: Int32Array.from(this.words),
      level: Uint8Array.from(this.level),
      head: Int32Array.from(this.head),
    };
  }
}
