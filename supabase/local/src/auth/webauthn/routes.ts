import type { Route } from "../routes";
import { authenticationOptions, authenticationVerify } from "./passkey-authentication";
import {
  adminDeletePasskey,
  adminListPasskeys,
  deletePasskey,
  listPasskeys,
  updatePasskey,
} from "./passkey-manage";
import { registrationOptions, registrationVerify } from "./passkey-registration";

/**
 * The passkey routes. They are "public" here because GoTrue answers "passkeys are disabled"
 * before it looks at the caller; each handler then asks for the signed-in user it needs.
 */
export const passkeyRoutes: Route[] = [
  ["POST", "/passkeys/authentication/options", "public", authenticationOptions],
  ["POST", "/passkeys/authentication/verify", "public", authenticationVerify],
  ["POST", "/passkeys/registration/options", "public", registrationOptions],
  ["POST", "/passkeys/registration/verify", "public", registrationVerify],
  ["GET", "/passkeys", "public", listPasskeys],
  ["PATCH", "/passkeys/{id}", "public", updatePasskey],
  ["DELETE", "/passkeys/{id}", "public", deletePasskey],
  ["GET", "/admin/users/{id}/passkeys", "admin", adminListPasskeys],
  ["DELETE", "/admin/users/{id}/passkeys/{passkeyId}", "admin", adminDeletePasskey],
];
