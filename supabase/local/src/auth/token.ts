import { json } from "../http";
import type { AuthContext } from "./context";
import { idTokenGrant, web3Grant } from "./disabled";
import { badRequest } from "./errors";
import { readParams, str } from "./params";
import { phonePasswordGrant } from "./phone";
import { passwordMatches, weakness } from "./passwords";
import { consumeFlowState } from "./pkce";
import { takeRateLimit } from "./rate-limit";
import { refreshTokenGrant } from "./refresh";
import { grantInfo, issueSession } from "./sessions";
import { findUserByEmail, isBanned } from "./users";

const INVALID_LOGIN = "Invalid login credentials";

async function passwordGrant(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const email = str(p, "email").trim();
  const phone = str(p, "phone");
  const password = str(p, "password");
  if (email && phone)
    throw badRequest(
      "validation_failed",
      "Only an email address or phone number should be provided on login.",
    );
  if (phone) return phonePasswordGrant(c, phone, password);
  if (!email) throw badRequest("validation_failed", "missing email or phone");

  const user = await findUserByEmail(c.backend.db, email);
  if (!user || !user.encrypted_password) throw badRequest("invalid_credentials", INVALID_LOGIN);
  if (isBanned(user)) throw badRequest("user_banned", "User is banned");
  if (!(await passwordMatches(password, user.encrypted_password)))
    throw badRequest("invalid_credentials", INVALID_LOGIN);
  if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");

  const session = await c.backend.db.transaction((tx) =>
    issueSession(tx, c.backend, user.id, "password", grantInfo(c.req, c.ip)),
  );
  const weak = weakness(c.backend.config.auth, password);
  if (weak) session.weak_password = weak;
  return json(session);
}

async function pkceGrant(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const authCode = str(p, "auth_code");
  const verifier = str(p, "code_verifier");
  if (!authCode || !verifier) {
    throw badRequest(
      "validation_failed",
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  const session = await c.backend.db.transaction(async (tx) => {
    const flow = await consumeFlowState(tx, authCode, verifier);
    return issueSession(
      tx,
      c.backend,
      flow.user_id as string,
      flow.authentication_method,
      grantInfo(c.req, c.ip),
    );
  });
  return json(session);
}

/** POST /token?grant_type=password|refresh_token|pkce, and the answers for id_token and web3. */
export async function token(c: AuthContext): Promise<Response> {
  const grant = c.url.searchParams.get("grant_type") ?? "";
  switch (grant) {
    case "password":
      takeRateLimit(c.backend, "signInSignUps", c.ip);
      return passwordGrant(c);
    case "pkce":
      takeRateLimit(c.backend, "signInSignUps", c.ip);
      return pkceGrant(c);
    case "id_token":
      takeRateLimit(c.backend, "signInSignUps", c.ip);
      return idTokenGrant(c);
    case "web3":
      return web3Grant();
    case "refresh_token":
      takeRateLimit(c.backend, "tokenRefresh", c.ip);
      return refreshTokenGrant(c);
    default:
      // GoTrue answers an unknown grant with this code and message.
      throw badRequest("invalid_credentials", "unsupported_grant_type");
  }
}
