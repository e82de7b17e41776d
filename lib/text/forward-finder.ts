/**
 * `indexOf` for a run of searches that only move forward: each stretch of text is searched once,
 * however many times it is asked about.
 */
export function forwardFinder(text: string, ch: string): (from: number) => number {
  let last = -2;
  return (from) => {
    if (last === -1 || last >= from) return last;
    last = text.indexOf(ch, from);
    return last;
  };
}
