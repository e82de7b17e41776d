import type { Registered, StoredKey } from "./ceremony";

/**
 * An MFA factor's credential as GoTrue keeps it in auth.mfa_factors.web_authn_credential: the
 * JSON of go-webauthn's Credential, whose byte fields Go writes as standard base64.
 */
export interface GoCredential {
  id: string;
  publicKey: string;
  attestationType: string;
  transport: string[];
  flags: {
    userPresent: boolean;
    userVerified: boolean;
    backupEligible: boolean;
    backupState: boolean;
  };
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string };
}

const std = (base64url: string) => Buffer.from(base64url, "base64url").toString("base64");
const url = (base64: string) => Buffer.from(base64, "base64").toString("base64url");

export function toGoCredential(made: Registered): GoCredential {
  return {
    id: std(made.id),
    publicKey: std(made.publicKey),
    attestationType: made.fmt,
    transport: made.transports,
    flags: {
      userPresent: true,
      userVerified: made.userVerified,
      backupEligible: made.backupEligible,
      backupState: made.backedUp,
    },
    authenticator: {
      AAGUID: Buffer.from(made.aaguid.replace(/-/g, ""), "hex").toString("base64"),
      signCount: made.counter,
      cloneWarning: false,
      attachment: made.attachment,
    },
  };
}

export function fromGoCredential(g: GoCredential): StoredKey {
  return {
    id: url(g.id),
    publicKey: url(g.publicKey),
    counter: Number(g.authenticator?.signCount ?? 0),
    transports: Array.isArray(g.transport) ? g.transport : [],
  };
}

/** The authenticator's model as a UUID (auth.mfa_factors.web_authn_aaguid), null when it has none. */
export function aaguidOf(g: GoCredential): string | null {
  const hex = Buffer.from(g.authenticator.AAGUID, "base64").toString("hex");
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
