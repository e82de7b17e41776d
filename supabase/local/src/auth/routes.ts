import type { AuthContext, Handler } from "./context";
import { requireAdmin } from "./guard";
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
];
