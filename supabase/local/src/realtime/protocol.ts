/**
 * The Phoenix channel wire formats realtime-js speaks: vsn 1.0.0 sends JSON objects; vsn 2.0.0
 * sends JSON arrays `[join_ref, ref, topic, event, payload]` and, for broadcasts, binary frames
 * (kind 3 from the client, kind 4 to it) whose user payload is JSON or raw bytes.
 */
export type Vsn = "1.0.0" | "2.0.0";

/** A broadcast whose user payload travels as bytes: JSON text or an opaque binary. */
export interface UserBroadcast {
  event: string;
  encoding: "json" | "binary";
  data: Uint8Array;
  metadata?: Record<string, unknown>;
}

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown> | UserBroadcast;
}

export class MalformedFrame extends Error {}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const text = new TextDecoder();
const utf8 = new TextEncoder();

export function isUserBroadcast(p: Frame["payload"]): p is UserBroadcast {
  return p instanceof Object && (p as UserBroadcast).data instanceof Uint8Array;
}

function asRef(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

function fromJson(vsn: Vsn, raw: string): Frame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new MalformedFrame("the message is not valid JSON");
  }
  let f: Frame;
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length < 5)
      throw new MalformedFrame("expected V2 array [join_ref, ref, topic, event, payload]");
    const [joinRef, ref, topic, event, payload] = parsed;
    f = { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload };
  } else {
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new MalformedFrame("expected a message object");
    const m = parsed as Record<string, unknown>;
    f = {
      joinRef: asRef(m.join_ref),
      ref: asRef(m.ref),
      topic: m.topic as string,
      event: m.event as string,
      payload: m.payload as Record<string, unknown>,
    };
  }
  if (typeof f.topic !== "string" || typeof f.event !== "string")
    throw new MalformedFrame("topic and event must be strings");
  if (!f.payload || typeof f.payload !== "object" || Array.isArray(f.payload))
    throw new MalformedFrame("payload must be an object");
  return f;
}

function fromBinary(buf: Uint8Array): Frame {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH)
    throw new MalformedFrame("unknown binary message kind");
  const [, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = buf;
  let at = 7;
  const take = (n: number) => {
    if (at + n > buf.length) throw new MalformedFrame("binary message is truncated");
    const s = text.decode(buf.subarray(at, at + n));
    at += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  let metadata: Record<string, unknown> | undefined;
  if (meta) {
    try {
      metadata = JSON.parse(meta);
    } catch {
      throw new MalformedFrame("broadcast metadata is not valid JSON");
    }
  }
  const data = buf.slice(at);
  if (encoding === 1) {
    try {
      JSON.parse(text.decode(data));
    } catch {
      throw new MalformedFrame("broadcast payload is not valid JSON");
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: { event, encoding: encoding === 1 ? "json" : "binary", data, metadata },
  };
}

export function decodeFrame(vsn: Vsn, raw: Buffer, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== "2.0.0") throw new MalformedFrame("binary messages need vsn 2.0.0");
    return fromBinary(raw);
  }
  return fromJson(vsn, raw.toString("utf8"));
}

/** A frame the server sends: a push or a reply (a reply carries the ref it answers). */
export interface OutFrame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export function encodeFrame(vsn: Vsn, f: OutFrame): string {
  if (vsn === "2.0.0") return JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload]);
  return JSON.stringify({ topic: f.topic, event: f.event, payload: f.payload, ref: f.ref });
}

/**
 * A user broadcast as the subscriber's serializer carries it: a kind-4 binary frame for vsn 2.0.0,
 * the JSON `{type, event, payload, meta}` broadcast for 1.0.0 (which cannot carry raw bytes: null).
 */
export function encodeUserBroadcast(
  vsn: Vsn,
  topic: string,
  b: UserBroadcast,
): string | Uint8Array | null {
  if (vsn === "2.0.0") {
    const t = utf8.encode(topic);
    const e = utf8.encode(b.event);
    const m = b.metadata ? utf8.encode(JSON.stringify(b.metadata)) : new Uint8Array();
    if (t.length > 255 || e.length > 255 || m.length > 255) return null;
    const out = new Uint8Array(5 + t.length + e.length + m.length + b.data.length);
    out.set([USER_BROADCAST, t.length, e.length, m.length, b.encoding === "json" ? 1 : 0]);
    let at = 5;
    for (const part of [t, e, m, b.data]) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
  if (b.encoding !== "json") return null;
  const payload: Record<string, unknown> = {
    type: "broadcast",
    event: b.event,
    payload: JSON.parse(text.decode(b.data)),
  };
  if (b.metadata) payload.meta = b.metadata;
  return encodeFrame(vsn, { joinRef: null, ref: null, topic, event: "broadcast", payload });
}

export function jsonBroadcast(b: UserBroadcast): Record<string, unknown> | null {
  if (b.encoding !== "json") return null;
  const out: Record<string, unknown> = {
    type: "broadcast",
    event: b.event,
    payload: JSON.parse(text.decode(b.data)),
  };
  if (b.metadata) out.meta = b.metadata;
  return out;
}
