import type { LocalConfig } from "../config/config";
import type { Backend } from "../http";

/** What every auth route handler gets: the request, the backend and the path parameters. */
export interface AuthContext {
  req: Request;
  backend: Backend;
  url: URL;
  /** Path parameters, e.g. `id` in /admin/users/{id}. */
  params: Record<string, string>;
  /** The client address rate limits are keyed on: the peer, or what a trusted proxy forwarded. */
  ip: string;
}

export type Handler = (c: AuthContext) => Promise<Response>;

/** Both the database and an open transaction answer queries the same way. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export type AuthConfig = LocalConfig["auth"];
