import type { AuthContext, Handler } from "./context";
import { generateLink } from "./admin-links";
import {
  createUser,
  deleteFactor,
  deleteUser,
  getUserById,
  listFactors,
  listUsers,
  updateUserById,
} from "./admin-users";
import { manualLinkingDisabled, samlDisabled } from "./disabled";
import { requireAdmin, requireUser, type Authenticated } from "./guard";
import { challenge, enroll, unenroll, verifyFactor } from "./mfa";
import { logout } from "./logout";
import { oauthServerRoutes } from "./oauth-server/routes";
import { invite, otp, recover, resend } from "./otp";
import { health, jwks, settings } from "./settings";
import { signup } from "./signup";
import { token } from "./token";
import { getUser, reauthenticate, updateUser } from "./user";
import { verifyGet, verifyPost } from "./verify";
import { passkeyRoutes } from "./webauthn/routes";

/** A handler of a signed-in route: it gets the caller GoTrue's requireAuthentication found. */
export type UserHandler = (c: AuthContext, caller: Authenticated) => Promise<Response>;

/**
 * Who may call a route. Guards run before the handler reads anything, as GoTrue's middleware
 * does: "user" needs a valid access token of a user and session that still exist, "admin" the
 * secret key or a service-role JWT.
 */
export type Route =
  | [method: string, path: string, guard: "public" | "admin", handler: Handler]
  | [method: string, path: string, guard: "user", handler: UserHandler];

/** Every route of the auth API: method, path below /auth/v1 (with {params}), guard, handler. */
export const routes: Route[] = [
  ["GET", "/health", "public", health],
  ["GET", "/settings", "public", settings],
  ["GET", "/.well-known/jwks.json", "public", jwks],
  ["POST", "/signup", "public", signup],
  ["POST", "/token", "public", token],
  ["POST", "/logout", "user", logout],
  ["GET", "/user", "user", getUser],
  ["PUT", "/user", "user", updateUser],
  ["GET", "/reauthenticate", "user", reauthenticate],
  ["GET", "/verify", "public", verifyGet],
  ["POST", "/verify", "public", verifyPost],
  ["POST", "/otp", "public", otp],
  ["POST", "/magiclink", "public", otp],
  ["POST", "/recover", "public", recover],
  ["POST", "/resend", "public", resend],
  ["POST", "/invite", "admin", invite],
  ["POST", "/factors", "user", enroll],
  ["POST", "/factors/{id}/challenge", "user", challenge],
  ["POST", "/factors/{id}/verify", "user", verifyFactor],
  ["DELETE", "/factors/{id}", "user", unenroll],
  ["GET", "/admin/users", "admin", listUsers],
  ["POST", "/admin/users", "admin", createUser],
  ["GET", "/admin/users/{id}", "admin", getUserById],
  ["PUT", "/admin/users/{id}", "admin", updateUserById],
  ["DELETE", "/admin/users/{id}", "admin", deleteUser],
  ["GET", "/admin/users/{id}/factors", "admin", listFactors],
  ["DELETE", "/admin/users/{id}/factors/{factorId}", "admin", deleteFactor],
  ["POST", "/admin/generate_link", "admin", generateLink],
  ...passkeyRoutes,
  // Features the local stack does not run answer as GoTrue does when they are switched off.
  ["POST", "/sso", "public", samlDisabled],
  ["GET", "/sso/saml/metadata", "public", samlDisabled],
  ["POST", "/sso/saml/acs", "public", samlDisabled],
  ["GET", "/user/identities/authorize", "user", manualLinkingDisabled],
  ["DELETE", "/user/identities/{id}", "user", manualLinkingDisabled],
  ...oauthServerRoutes,
];

/** The route's handler behind its guard. */
export function guarded(route: Route): Handler {
  if (route[2] === "user") {
    const handler = route[3];
    return async (c) => handler(c, await requireUser(c));
  }
  const handler = route[3];
  if (route[2] === "admin") {
    return async (c) => {
      await requireAdmin(c);
      return handler(c);
    };
  }
  return handler;
}
