import type { AuthContext } from "./context";
import { badRequest, notFound, OAuthError, unprocessable } from "./errors";
import { readParams, str } from "./params";

/**
 * What GoTrue answers for features the local stack does not run: SAML SSO, manual identity
 * linking, Web3 and ID-token sign-in. Same statuses, codes and words as
 * GoTrue gives when each is switched off.
 */

export async function samlDisabled(): Promise<Response> {
  throw notFound("saml_provider_disabled", "SAML 2.0 is disabled");
}

/** Routed behind the "user" guard, as GoTrue mounts /user/identities behind requireAuthentication. */
export async function manualLinkingDisabled(): Promise<Response> {
  throw notFound("manual_linking_disabled", "Manual linking is disabled");
}

export async function web3Grant(): Promise<Response> {
  throw unprocessable("web3_provider_disabled", "Web3 provider is disabled");
}

/** The fixed issuers GoTrue knows for ID-token sign-in, by provider name. */
const ISSUERS: Record<string, string> = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
  kakao: "https://kauth.kakao.com",
  snapchat: "https://accounts.snapchat.com/accounts/oauth2/token",
  vercel_marketplace: "https://marketplace.vercel.com",
};
const APPLE_ISSUERS = ["https://appleid.apple.com", "https://account.apple.com"];

/** The `iss` of a JWT, read without verifying it, as GoTrue does to tell Apple's issuers apart. */
function unverifiedIssuer(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload?.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}

/** POST /token?grant_type=id_token: no external provider is enabled locally. */
export async function idTokenGrant(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const idToken = str(p, "id_token");
  const provider = str(p, "provider");
  const issuer = str(p, "issuer");
  if (!idToken) throw new OAuthError("invalid request", "id_token required");
  if (!provider && (!str(p, "client_id") || !issuer))
    throw new OAuthError("invalid request", "provider or client_id and issuer required");
  const disabled = (iss: string) =>
    badRequest("provider_disabled", `Provider (issuer ${JSON.stringify(iss)}) is not enabled`);
  if (provider === "apple" || APPLE_ISSUERS.includes(issuer)) {
    const detected = unverifiedIssuer(idToken);
    if (detected === null)
      throw badRequest(
        "validation_failed",
        "Unable to detect issuer in ID token for Apple provider",
      );
    if (!APPLE_ISSUERS.includes(detected))
      throw badRequest(
        "validation_failed",
        "Detected ID token issuer is not an Apple ID token issuer",
      );
    if (issuer && issuer !== detected)
      throw badRequest("validation_failed", "Provided issuer does not match ID token issuer");
    throw disabled(detected);
  }
  const known = Object.entries(ISSUERS).find(([name, iss]) => provider === name || issuer === iss);
  if (known) throw disabled(known[1]);
  if (provider === "keycloak") throw disabled("");
  throw badRequest(
    "validation_failed",
    `Custom OIDC provider ${JSON.stringify(provider)} not allowed`,
  );
}
