import { Channel } from "./channel";
import type { Connection } from "./connection";
import type { Frame } from "./protocol";
import {
  checkSubscription,
  parseSubscription,
  SubscriptionError,
  type ChangeParams,
} from "./subscriptions";
import { TokenError, verifyAccessToken, type VerifiedToken } from "./tokens";

type Config = {
  broadcast?: { self?: unknown; ack?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
};

class JoinError extends Error {}

async function tokenFor(conn: Connection, payload: Record<string, unknown>) {
  const given = payload.access_token ?? payload.user_token;
  if (typeof given !== "string" || given.startsWith("sb_"))
    return { token: conn.apiKey, raw: null };
  return { token: await verifyAccessToken(conn.backend.keys, given), raw: given };
}

/**
 * `phx_join` as Realtime handles it: limits, the token, read policies of a private channel, then
 * the Postgres changes subscriptions (answered in the reply, confirmed by a system message).
 */
export async function join(conn: Connection, f: Frame): Promise<void> {
  const payload = f.payload as Record<string, unknown>;
  const reply = (status: "ok" | "error", response: Record<string, unknown>) =>
    conn.reply(f, status, response);
  if (f.topic === "realtime:")
    return reply("error", { reason: "TopicNameRequired: You must provide a topic name" });
  if (!conn.allowJoin()) {
    reply("error", { reason: "ClientJoinRateLimitReached: Too many joins per second" });
    return conn.disconnect();
  }
  if (conn.channelCount() >= conn.limits.maxChannelsPerClient)
    return reply("error", { reason: "ChannelRateLimitReached: Too many channels" });

  const config = (payload.config ?? {}) as Config;
  let token: VerifiedToken;
  let raw: string | null;
  try {
    ({ token, raw } = await tokenFor(conn, payload));
  } catch (err) {
    if (err instanceof TokenError) return reply("error", { reason: err.message });
    throw err;
  }
  const ch = new Channel(
    conn,
    f.topic,
    f.joinRef ?? f.ref,
    config.private === true,
    config.broadcast?.self === true,
    config.broadcast?.ack === true,
    config.presence ?? {},
    token,
    raw,
  );
  const params = Array.isArray(config.postgres_changes)
    ? (config.postgres_changes.filter((p) => p && typeof p === "object") as ChangeParams[])
    : [];
  try {
    if (!(await ch.authorize()))
      throw new JoinError(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${ch.subTopic}`,
      );
  } catch (err) {
    if (err instanceof JoinError) return reply("error", { reason: err.message });
    conn.backend.log(`realtime: join ${f.topic}: ${(err as Error).message}`);
    return reply("error", { reason: "Unknown Error on Channel" });
  }

  conn.addChannel(ch);
  reply("ok", { postgres_changes: params.map((p) => ({ ...p, id: subscriptionIdOf(p) })) });
  ch.watchExpiry();
  if (ch.presenceEnabled && ch.readsPresence())
    ch.push("presence_state", conn.hub.presenceState(ch.room));
  if (params.length) await subscribe(conn, ch, params);
}

function subscriptionIdOf(p: ChangeParams): number {
  try {
    return parseSubscription(p).id;
  } catch {
    return 0;
  }
}

async function subscribe(conn: Connection, ch: Channel, params: ChangeParams[]): Promise<void> {
  const subs = [];
  for (const p of params) {
    try {
      const s = parseSubscription(p);
      const problem = await checkSubscription(conn.backend.db, p, s, ch.role);
      if (problem) return ch.system("postgres_changes", "error", problem);
      subs.push(s);
    } catch (err) {
      if (err instanceof SubscriptionError)
        return ch.system("postgres_changes", "error", err.message);
      throw err;
    }
  }
  await conn.feed.syncCapture();
  if (ch.closed) return;
  ch.subscriptions = subs;
  conn.feed.listeners.add(ch);
  ch.system("postgres_changes", "ok", "Subscribed to PostgreSQL");
}
