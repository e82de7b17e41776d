import type { NotePeople } from "@/lib/notes/note-people";

/**
 * What a device says of itself in the note channel's presence. Only the person's id is read:
 * their name and face come from the server (`note_people`), so nobody can appear under another
 * name. (Devices still send a name and avatar, for those running an earlier version.)
 */
export interface PresenceMeta {
  user_id: string;
  /** The device's Yjs client id, whose awareness (caret) goes when the device leaves. */
  client: number;
  since: string;
}

/** Another person who has the note open now. */
export interface PersonHere {
  userId: string;
  name: string;
  avatarPath: string | null;
  color: string;
}

/** Who has the note open, from presence: other people's ids, first come first. */
export interface Present {
  userIds: string[];
  /** How many of this person's own other devices have it open. */
  myOtherDevices: number;
  /** Every other device, whatever it said. */
  devices: number;
}

/**
 * Caret and avatar colours, each dark enough for white text on it (WCAG AA at small sizes) and
 * told apart from its neighbours.
 */
const COLORS = [
  "#b4235a",
  "#1d6fa5",
  "#2f7d32",
  "#8e44ad",
  "#b45309",
  "#0f766e",
  "#c0392b",
  "#4f46e5",
  "#7c5e10",
  "#be185d",
];

/** A person's colour, the same on every device: from their id. */
export function colorFor(userId: string): string {
  let h = 2166136261;
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  // Mixes the bits (murmur3's finaliser): FNV's low bits alone spread poorly over a few colours.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return COLORS[(h >>> 0) % COLORS.length]!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Presence is written by each device: anything else than the expected shape is left out. */
function readMeta(raw: unknown): PresenceMeta | null {
  if (!raw || typeof raw !== "object") return null;
  const m = raw as Record<string, unknown>;
  if (typeof m.user_id !== "string" || !UUID.test(m.user_id)) return null;
  return {
    user_id: m.user_id,
    client: typeof m.client === "number" && Number.isInteger(m.client) ? m.client : -1,
    since: typeof m.since === "string" ? m.since : "",
  };
}

/**
 * Who is here, from the channel's presence state (device key → metas): other people, each once
 * however many devices they have it open on, first come first; and how many of this person's own
 * other devices have it open.
 */
export function presentIn(
  state: Record<string, unknown[]>,
  me: { userId: string; device: string },
): Present {
  const first = new Map<string, PresenceMeta>();
  let myOtherDevices = 0;
  let devices = 0;
  for (const [key, metas] of Object.entries(state)) {
    if (key === me.device) continue;
    devices += 1;
    const meta = readMeta(metas?.[0]);
    if (!meta) continue;
    if (meta.user_id === me.userId) {
      myOtherDevices += 1;
      continue;
    }
    const seen = first.get(meta.user_id);
    if (!seen || meta.since < seen.since) first.set(meta.user_id, meta);
  }
  const userIds = [...first.values()]
    .sort((a, b) => a.since.localeCompare(b.since) || a.user_id.localeCompare(b.user_id))
    .map((m) => m.user_id);
  return { userIds, myOtherDevices, devices };
}

/**
 * The faces of those present: each one's name and avatar as the server has them. An id the server
 * does not (yet) know of is "Someone", without a picture.
 */
export function facesOf(userIds: readonly string[], known: NotePeople): PersonHere[] {
  return userIds.map((userId) => {
    const person = known.get(userId);
    return {
      userId,
      name: person?.name || "Someone",
      avatarPath: person?.avatarPath ?? null,
      color: colorFor(userId),
    };
  });
}

/** Ids present that the server's list of people does not name: a reason to read it again. */
export function unknownIn(userIds: readonly string[], known: NotePeople): string[] {
  return userIds.filter((id) => !known.has(id));
}

/** The Yjs client ids of devices that left, whose carets go with them. */
export function clientsOf(metas: unknown[]): number[] {
  return metas.flatMap((raw) => {
    const m = readMeta(raw);
    return m && m.client >= 0 ? [m.client] : [];
  });
}
