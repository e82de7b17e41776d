import { randomBytes } from "node:crypto";
import {
  encodeFrame,
  encodeUserBroadcast,
  type OutFrame,
  type UserBroadcast,
  type Vsn,
} from "./protocol";

/** One joined channel of one socket, as the hub sees it. */
export interface Member {
  /** The topic the client joined, e.g. "realtime:room-1". */
  topic: string;
  /** Private and public channels of the same name are different rooms. */
  room: string;
  vsn: Vsn;
  selfBroadcast: boolean;
  /** Private channels whose policies do not let it read get no broadcasts. */
  readsBroadcast: () => boolean;
  readsPresence: () => boolean;
  send(data: string | Uint8Array): void;
}

/** A broadcast as it arrived: a JSON Phoenix broadcast payload, or a user broadcast in bytes. */
export type Outgoing = { json: Record<string, unknown> } | { user: UserBroadcast };

export function roomOf(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? "private" : "public"}:${subTopic}`;
}

interface Presence {
  key: string;
  meta: Record<string, unknown>;
}

type Metas = Record<string, { metas: Record<string, unknown>[] }>;

/** The rooms of one backend: who is in each, fan-out of broadcasts, and presence. */
export class Hub {
  private rooms = new Map<string, Set<Member>>();
  private presence = new Map<string, Map<Member, Presence>>();

  join(m: Member): void {
    let set = this.rooms.get(m.room);
    if (!set) this.rooms.set(m.room, (set = new Set()));
    set.add(m);
  }

  leave(m: Member): void {
    this.untrack(m);
    const set = this.rooms.get(m.room);
    set?.delete(m);
    if (set && set.size === 0) this.rooms.delete(m.room);
  }

  members(room: string): Iterable<Member> {
    return this.rooms.get(room) ?? [];
  }

  /** Sends to every member of the room (the sender too only if it asked for `self`). */
  broadcast(room: string, msg: Outgoing, from?: Member): number {
    const encoded = new Map<Vsn, string | Uint8Array | null>();
    let sent = 0;
    for (const m of this.members(room)) {
      if ((m === from && !m.selfBroadcast) || !m.readsBroadcast()) continue;
      if (!encoded.has(m.vsn)) encoded.set(m.vsn, encodeBroadcast(m.vsn, m.topic, msg));
      const data = encoded.get(m.vsn);
      if (data !== null && data !== undefined) {
        m.send(data);
        sent++;
      }
    }
    return sent;
  }

  presenceState(room: string): Metas {
    const out: Metas = {};
    for (const p of this.presence.get(room)?.values() ?? []) {
      (out[p.key] ??= { metas: [] }).metas.push(p.meta);
    }
    return out;
  }

  track(m: Member, key: string, payload: Record<string, unknown>): void {
    let room = this.presence.get(m.room);
    if (!room) this.presence.set(m.room, (room = new Map()));
    const prev = room.get(m);
    const meta: Record<string, unknown> = { ...payload, phx_ref: phxRef() };
    if (prev) meta.phx_ref_prev = prev.meta.phx_ref;
    room.set(m, { key, meta });
    const leaves: Metas = prev ? { [prev.key]: { metas: [prev.meta] } } : {};
    this.diff(m.room, { joins: { [key]: { metas: [meta] } }, leaves });
  }

  untrack(m: Member): void {
    const room = this.presence.get(m.room);
    const prev = room?.get(m);
    if (!room || !prev) return;
    room.delete(m);
    if (room.size === 0) this.presence.delete(m.room);
    this.diff(m.room, { joins: {}, leaves: { [prev.key]: { metas: [prev.meta] } } });
  }

  private diff(room: string, payload: { joins: Metas; leaves: Metas }): void {
    for (const m of this.members(room)) {
      if (!m.readsPresence()) continue;
      m.send(push(m.vsn, m.topic, "presence_diff", payload));
    }
  }
}

function phxRef(): string {
  return randomBytes(8).toString("base64url");
}

/** A server push that answers nothing (ref and join_ref null, as Phoenix fastlanes them). */
export function push(vsn: Vsn, topic: string, event: string, payload: Record<string, unknown>) {
  const f: OutFrame = { joinRef: null, ref: null, topic, event, payload };
  return encodeFrame(vsn, f);
}

function encodeBroadcast(vsn: Vsn, topic: string, msg: Outgoing): string | Uint8Array | null {
  if ("user" in msg) return encodeUserBroadcast(vsn, topic, msg.user);
  return push(vsn, topic, "broadcast", msg.json);
}
