import type { Handler } from "./context";
import { logout } from "./logout";
import { health, jwks, settings } from "./settings";
import { signup } from "./signup";
import { token } from "./token";
import { getUser, reauthenticate, updateUser } from "./user";

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
];
