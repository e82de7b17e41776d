import type { Channel } from "./channel";
import type { Outgoing } from "./hub";
import { isUserBroadcast, type Frame } from "./protocol";
import { TokenError, verifyAccessToken } from "./tokens";

/** Realtime pads the payload limit a little for the envelope around it. */
const PAYLOAD_PADDING = 500;

function payloadSize(f: Frame): number {
  return isUserBroadcast(f.payload)
    ? f.payload.data.byteLength
    : Buffer.byteLength(JSON.stringify(f.payload));
}

export async function handleBroadcast(ch: Channel, f: Frame): Promise<void> {
  if (!(await ch.mayWrite("broadcast"))) return;
  const limit = ch.conn.limits.maxPayloadSizeInKb * 1000 + PAYLOAD_PADDING;
  if (payloadSize(f) > limit) {
    if (ch.ackBroadcast) ch.conn.reply(f, "error", { reason: "payload_size_exceeded" });
    return;
  }
  const msg: Outgoing = isUserBroadcast(f.payload) ? { user: f.payload } : { json: f.payload };
  ch.conn.hub.broadcast(ch.room, msg, ch);
  if (ch.ackBroadcast) ch.conn.reply(f, "ok", {});
}

export async function handlePresence(ch: Channel, f: Frame): Promise<void> {
  const p = f.payload as Record<string, unknown>;
  if (!ch.presenceAllowed()) return ch.shutdown("Client presence rate limit exceeded");
  if (p.event === "untrack") {
    ch.conn.hub.untrack(ch);
    return ch.conn.reply(f, "ok", {});
  }
  if (p.event !== "track") return ch.conn.reply(f, "error", {});
  const meta = p.payload;
  if (!meta || typeof meta !== "object" || Array.isArray(meta))
    return ch.conn.reply(f, "error", { reason: "Presence track payload must be a map" });
  if (Buffer.byteLength(JSON.stringify(meta)) > ch.conn.limits.maxPayloadSizeInKb * 1000)
    return ch.shutdown("Track message size exceeded");
  if (!(await ch.mayWrite("presence"))) return ch.conn.reply(f, "error", {});
  if (!ch.presenceEnabled) {
    // Tracking turns presence on for a channel joined without it, as on hosted.
    ch.presenceEnabled = true;
    if (ch.isPrivate && ch.policies) await ch.authorize();
  }
  ch.conn.hub.track(ch, ch.presenceKey, meta as Record<string, unknown>);
  ch.conn.reply(f, "ok", {});
}

/** A new token for a live channel: checked like the first, else the channel is shut down. */
export async function handleAccessToken(ch: Channel, f: Frame): Promise<void> {
  const given = (f.payload as Record<string, unknown>).access_token;
  if (typeof given !== "string" || given.startsWith("sb_") || given === ch.accessToken) return;
  let token;
  try {
    token = await verifyAccessToken(ch.conn.backend.keys, given);
  } catch (err) {
    if (err instanceof TokenError) return ch.shutdown(err.detail);
    throw err;
  }
  const before = ch.policies?.read;
  ch.token = token;
  ch.accessToken = given;
  ch.role = token.role;
  ch.claims = token.claims;
  if (ch.isPrivate) {
    // Hosted re-reads the policies first: reading nothing at all is refused as at join.
    if (!(await ch.authorize()))
      return ch.shutdown(
        `You do not have permissions to read from this Channel topic: ${ch.subTopic}`,
      );
    const now = ch.policies?.read;
    if ((before?.broadcast && !now?.broadcast) || (before?.presence && !now?.presence))
      return ch.shutdown(
        `You no longer have permission to read from this Channel topic: ${ch.subTopic}`,
      );
  }
  ch.watchExpiry();
}
