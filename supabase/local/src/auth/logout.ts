import type { AuthContext } from "./context";
import { badRequest } from "./errors";
import type { Authenticated } from "./guard";

/** POST /logout?scope=global|local|others: ends sessions (their refresh tokens go with them). */
export async function logout(c: AuthContext, { user, session }: Authenticated): Promise<Response> {
  const scope = c.url.searchParams.get("scope") || "global";
  if (!["global", "local", "others"].includes(scope)) {
    throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
  }
  if (scope === "global" || !session) {
    await c.backend.db.query("delete from auth.sessions where user_id = $1", [user.id]);
  } else if (scope === "local") {
    await c.backend.db.query("delete from auth.sessions where id = $1", [session.id]);
  } else {
    await c.backend.db.query("delete from auth.sessions where user_id = $1 and id <> $2", [
      user.id,
      session.id,
    ]);
  }
  return new Response(null, { status: 204 });
}
