import type { ConfigSource } from "../config/config-source";

/**
 * `[realtime]` as the Supabase CLI reads it, plus the per-project limits its local Realtime
 * tenant starts with (the CLI does not expose them; these are the service's defaults).
 */
export interface RealtimeConfig {
  enabled: boolean;
  /** Longest request header line the WebSocket upgrade accepts, in bytes. */
  maxHeaderLength: number;
  maxConcurrentUsers: number;
  maxEventsPerSecond: number;
  maxJoinsPerSecond: number;
  maxChannelsPerClient: number;
  maxPayloadSizeInKb: number;
  maxPresenceEventsPerSecond: number;
}

const positive = (n: number) => (n > 0 ? null : "must be greater than 0");

export function parseRealtimeConfig(c: ConfigSource): RealtimeConfig {
  return {
    enabled: c.boolean("realtime.enabled", true),
    maxHeaderLength: c.number("realtime.max_header_length", 4096, positive),
    maxConcurrentUsers: 200,
    maxEventsPerSecond: 100,
    maxJoinsPerSecond: 100,
    maxChannelsPerClient: 100,
    maxPayloadSizeInKb: 3000,
    maxPresenceEventsPerSecond: 1000,
  };
}
