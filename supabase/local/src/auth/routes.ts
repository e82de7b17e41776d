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
import {
  manualLinkingDisabled,
  oauthServerDisabled,
  samlDisabled,
  userOAuthGrantsDisabled,
} from "./disabled";
import { requireAdmin } from "./guard";
import { challenge, enroll, unenroll, verifyFactor } from "./mfa";
import { logout } from "./logout";
import { invite, otp, recover, resend } from "./otp";
import { health, jwks, settings } from "./settings";
import { signup } from "./signup";
import { token } from "./token";
import { getUser, reauthenticate, updateUser } from "./user";
import { verifyGet, verifyPost } from "./verify";

/** Admin routes answer 401/403 before reading anything, as GoTrue's requireAdminCredentials does. */
const admin =
  (handler: Handler): Handler =>
  async (c: AuthContext) => {
    await requireAdmin(c);
    return handler(c);
  };

/** Every route of the auth API: method, path below /auth/v1 (with {params}), handler. */
export const routes: [string, string, Handler][] = [
  ["GET", "/health", health],
  ["GET", "/settings", settings],
  ["GET", "/.well-known/jwks.json", jwks],
  ["POST", "/signup", signup],
  ["POST", "/token", token],
  ["POST", "/logout", logout],
  ["GET", "/user", getUser],
  ["PUT", "/user", updateUser],
  ["GET", "/reauthenticate", reauthenticate],
  ["GET", "/verify", verifyGet],
  ["POST", "/verify", verifyPost],
  ["POST", "/otp", otp],
  ["POST", "/magiclink", otp],
  ["POST", "/recover", recover],
  ["POST", "/resend", resend],
  ["POST", "/invite", admin(invite)],
  ["POST", "/factors", enroll],
  ["POST", "/factors/{id}/challenge", challenge],
  ["POST", "/factors/{id}/verify", verifyFactor],
  ["DELETE", "/factors/{id}", unenroll],
  ["GET", "/admin/users", admin(listUsers)],
  ["POST", "/admin/users", admin(createUser)],
  ["GET", "/admin/users/{id}", admin(getUserById)],
  ["PUT", "/admin/users/{id}", admin(updateUserById)],
  ["DELETE", "/admin/users/{id}", admin(deleteUser)],
  ["GET", "/admin/users/{id}/factors", admin(listFactors)],
  ["DELETE", "/admin/users/{id}/factors/{factorId}", admin(deleteFactor)],
  ["POST", "/admin/generate_link", admin(generateLink)],
  // Features the local stack does not run answer as GoTrue does when they are switched off.
  ["POST", "/sso", samlDisabled],
  ["GET", "/sso/saml/metadata", samlDisabled],
  ["POST", "/sso/saml/acs", samlDisabled],
  ["GET", "/user/identities/authorize", manualLinkingDisabled],
  ["DELETE", "/user/identities/{id}", manualLinkingDisabled],
  ["GET", "/.well-known/oauth-authorization-server", oauthServerDisabled],
  ["GET", "/user/oauth/grants", userOAuthGrantsDisabled],
  ["DELETE", "/user/oauth/grants", userOAuthGrantsDisabled],
  ["GET", "/admin/oauth/clients", admin(oauthServerDisabled)],
  ["POST", "/admin/oauth/clients", admin(oauthServerDisabled)],
  ["GET", "/admin/oauth/clients/{id}", admin(oauthServerDisabled)],
  ["PUT", "/admin/oauth/clients/{id}", admin(oauthServerDisabled)],
  ["DELETE", "/admin/oauth/clients/{id}", admin(oauthServerDisabled)],
  ["POST", "/admin/oauth/clients/{id}/regenerate_secret", admin(oauthServerDisabled)],
];
