/**
 * @mentions in a comment: typing `@` offers the note's people; a chosen person is written into the
 * text as `@Name` and their id kept beside it (the comment's `mentions`, which the database checks
 * are people with access to the note). Shown, each `@Name` of a mentioned person is highlighted.
 */

/** Someone who can be mentioned: a person with access to the note, by the name others see. */
export interface Mentionable {
  userId: string;
  name: string;
}

/** The `@` being typed: where it starts in the text and what follows it up to the caret. */
export interface ActiveMention {
  start: number;
  query: string;
}

/** The longest name typed after an `@` that still looks for a person. */
const QUERY_MAX = 40;
/** The most people offered at once. */
export const OFFERED_MAX = 6;

/**
 * The mention being typed at `caret`, if any: an `@` at the start of the text or after a space,
 * bracket or quote, followed by no line break and at most a name's length of text, which may hold
 * spaces ("@Ana L") but neither starts nor ends with one.
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  const query = before.slice(at + 1);
  // A space first is no name; a space last ends one (a picked name is followed by one).
  if (query.length > QUERY_MAX || /[\n\r@]/.test(query) || /^\s|\s$/.test(query)) return null;
  if (at > 0 && !/[\s([{"'“‘]/.test(before[at - 1])) return null;
  return { start: at, query };
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();

/**
 * The people a query names: those whose name, or a word of it, starts with what was typed
 * (letter case and accents aside), whole-name matches first, at most `OFFERED_MAX`. People
 * without a name cannot be mentioned by one, and `self` is not offered.
 */
export function peopleMatching(
  people: Iterable<Mentionable>,
  query: string,
  self?: string,
): Mentionable[] {
  const q = fold(query.trim());
  const found: { person: Mentionable; rank: number }[] = [];
  for (const person of people) {
    if (person.userId === self || !person.name.trim()) continue;
    const name = fold(person.name);
    const rank = name.startsWith(q) ? 0 : name.split(/\s+/).some((w) => w.startsWith(q)) ? 1 : -1;
    if (rank >= 0) found.push({ person, rank });
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.person.name.localeCompare(b.person.name))
    .slice(0, OFFERED_MAX)
    .map((f) => f.person);
}

/** The text with the mention being typed replaced by `@Name ` and the caret after it. */
export function insertMention(
  text: string,
  mention: ActiveMention,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const written = `@${name} `;
  const rest = text.slice(caret).replace(/^ /, "");
  return {
    text: text.slice(0, mention.start) + written + rest,
    caret: mention.start + written.length,
  };
}

/** Whether `@name` stands in the text as a whole mention (not the start of a longer word). */
function mentionedIn(text: string, name: string): boolean {
  const token = `@${name}`;
  for (let i = text.indexOf(token); i >= 0; i = text.indexOf(token, i + 1)) {
    const next = text[i + token.length];
    if (next === undefined || !/[\p{L}\p{N}_]/u.test(next)) return true;
  }
  return false;
}

/** The ids of the chosen people whose `@Name` is still in the text, each once, in the order chosen. */
export function mentionsKept(text: string, chosen: Iterable<Mentionable>): string[] {
  const ids: string[] = [];
  for (const person of chosen)
    if (!ids.includes(person.userId) && person.name && mentionedIn(text, person.name))
      ids.push(person.userId);
  return ids;
}

/** A piece of a comment as shown: plain text, or a mentioned person's `@Name`. */
export type Segment = { text: string; mention?: string };

/**
 * The comment's text in pieces, each `@Name` of a mentioned person a piece of its own. Longer names
 * are found first, so "@Ana Maria" is one mention even when someone is called "Ana".
 */
export function mentionSegments(text: string, mentioned: readonly Mentionable[]): Segment[] {
  const names = mentioned
    .filter((p) => p.name.trim())
    .sort((a, b) => b.name.length - a.name.length);
  const segments: Segment[] = [];
  let plain = "";
  let i = 0;
  outer: while (i < text.length) {
    if (text[i] === "@") {
      for (const person of names) {
        const token = `@${person.name}`;
        const next = text[i + token.length];
        if (text.startsWith(token, i) && (next === undefined || !/[\p{L}\p{N}_]/u.test(next))) {
          if (plain) segments.push({ text: plain });
          plain = "";
          segments.push({ text: token, mention: person.userId });
          i += token.length;
          continue outer;
        }
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) segments.push({ text: plain });
  return segments;
}

/**
 * A comment's text as shown now: each mentioned person's `@Name`, found by the name the text was
 * written with (`written`, beside `ids`), reads as the name they have now (`nameOf`). A person no
 * longer known keeps the written name; one without a written name (an older comment) is found by
 * the name they have now.
 */
export function currentMentionSegments(
  body: string,
  ids: readonly string[],
  written: readonly string[],
  nameOf: (userId: string) => string | undefined,
): Segment[] {
  const mentioned = ids.flatMap((userId, i) => {
    const name = written[i] || nameOf(userId);
    return name ? [{ userId, name }] : [];
  });
  return mentionSegments(body, mentioned).map((segment) => {
    const now = segment.mention ? nameOf(segment.mention) : undefined;
    return now ? { ...segment, text: `@${now}` } : segment;
  });
}
