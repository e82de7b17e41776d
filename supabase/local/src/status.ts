import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "./keys/well-known-keys";

export interface StatusInput {
  url: string;
  /** The inbox's own address; null when `[inbucket]` is switched off. */
  inboxUrl?: string | null;
  dataDir: string | null;
}

/** The lines `supabase status` prints, for the parts this backend serves, names right-aligned. */
export function statusLines({ url, inboxUrl, dataDir }: StatusInput): [string, string][] {
  return [
    ["API URL", url],
    ["REST URL", `${url}/rest/v1`],
    ...(inboxUrl ? [["Inbox URL", inboxUrl] as [string, string]] : []),
    ["Publishable key", LOCAL_PUBLISHABLE_KEY],
    ["Secret key", LOCAL_SECRET_KEY],
    ["JWT secret", LOCAL_JWT_SECRET],
    ["anon key", LOCAL_ANON_KEY],
    ["service_role key", LOCAL_SERVICE_ROLE_KEY],
    ["Data folder", dataDir ?? "(in memory)"],
  ];
}

export function formatStatus(input: StatusInput): string {
  const lines = statusLines(input);
  const width = Math.max(...lines.map(([name]) => name.length));
  return lines.map(([name, value]) => `${name.padStart(width)}: ${value}`).join("\n");
}
