import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  errors as joseErrors,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";

import { LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "./well-known-keys";

export {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "./well-known-keys";

/** The ES256 key made once per data folder, kept beside the database. */
export const SIGNING_KEY_FILE = "signing-key.json";

const hsKey = new TextEncoder().encode(LOCAL_JWT_SECRET);

export type ApiKeyKind = "publishable" | "secret" | "legacy-anon" | "legacy-service" | "none";

/** Who a request speaks for, decided the way Supabase's gateway and PostgREST decide it. */
export interface Caller {
  /** The database role the request runs as. */
  role: string;
  /** The claims PostgREST puts in `request.jwt.claims`. */
  claims: JWTPayload & Record<string, unknown>;
  apiKey: ApiKeyKind;
  /** The user's access token when the request carries one (not an API key). */
  userToken: string | null;
}

/** A request whose key or token cannot be accepted; each service words it its own way. */
export class CallerError extends Error {
  constructor(
    readonly kind: "invalid_api_key" | "invalid_jwt" | "expired_jwt",
    message: string,
  ) {
    super(message);
  }
}

interface SigningKey {
  kid: string;
  alg: "ES256" | "RS256";
  privateKey: CryptoKey;
  /** The public half, imported once for verifying. */
  publicKey: CryptoKey;
  publicJwk: JWK;
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, oth: _oth, k: _k, ...pub } = jwk;
  return pub;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  const alg = (jwk.alg ?? (jwk.kty === "EC" ? "ES256" : "RS256")) as SigningKey["alg"];
  if (alg !== "ES256" && alg !== "RS256")
    throw new Error(`signing key alg ${alg} is not supported`);
  if (!jwk.kid) throw new Error("signing key has no kid");
  // Key files from the CLI carry key_ops ["sign", "verify"], which WebCrypto refuses for one key.
  const { key_ops: _ops, ext: _ext, ...material } = jwk;
  const privateKey = (await importJWK(material, alg)) as CryptoKey;
  const publicJwk: JWK = { ...publicPart(material), alg, use: "sig", key_ops: ["verify"] };
  const publicKey = (await importJWK(publicJwk, alg)) as CryptoKey;
  return { kid: jwk.kid, alg, privateKey, publicKey, publicJwk };
}

/** How many verified tokens are remembered (a few per signed-in person at most). */
const VERIFIED_TOKENS = 1000;

type Claims = JWTPayload & Record<string, unknown>;

export class Keys {
  /**
   * Tokens already verified, with their claims: each request of a signed-in person carries the
   * same access token until it is refreshed, and checking its signature again each time was most
   * of a small request's cost. A token is taken from here only while its `exp` (and `nbf`) still
   * allow it; the keys never change for the life of this object. Oldest dropped first.
   */
  private readonly verified = new Map<string, Claims>();

  private constructor(
    private readonly signing: SigningKey,
    private readonly verifying: SigningKey[],
  ) {}

  /**
   * With `signingKeysPath` (the CLI's `signing_keys_path`), signs with the first private key of that
   * JWK set and publishes the public part of every RS256/ES256 key in it; otherwise an ES256 key made once per data folder.
   */
  static async load(dataDir: string | null, signingKeysPath: string | null): Promise<Keys> {
    if (signingKeysPath) {
      const parsed = JSON.parse(readFileSync(signingKeysPath, "utf8")) as JWK[] | { keys: JWK[] };
      // A symmetric (oct) key may sit beside them, as in GOTRUE_JWT_KEYS; it is never published.
      const list = (Array.isArray(parsed) ? parsed : (parsed.keys ?? [])).filter(
        (k) => k.kty === "EC" || k.kty === "RSA",
      );
      if (!list.length) throw new Error(`${signingKeysPath} holds no RS256 or ES256 key`);
      const keys = await Promise.all(list.map(fromJwk));
      const signer = keys.find(
        (_, i) => list[i].d && (!list[i].key_ops || list[i].key_ops?.includes("sign")),
      );
      if (!signer) throw new Error(`${signingKeysPath} holds no private key to sign with`);
      return new Keys(signer, keys);
    }
    const file = dataDir ? path.join(dataDir, SIGNING_KEY_FILE) : null;
    if (file && existsSync(file)) {
      const key = await fromJwk(JSON.parse(readFileSync(file, "utf8")) as JWK);
      return new Keys(key, [key]);
    }
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "ES256" };
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
    }
    const key = await fromJwk(jwk);
    return new Keys(key, [key]);
  }

  /** The JSON Web Key Set published at /auth/v1/.well-known/jwks.json. */
  jwks(): { keys: JWK[] } {
    return { keys: this.verifying.map((k) => k.publicJwk) };
  }

  /** Signs an access token with the current signing key (`kid` in the header). */
  sign(claims: Record<string, unknown>): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: this.signing.alg, kid: this.signing.kid, typ: "JWT" })
      .sign(this.signing.privateKey);
  }

  /** Verifies an asymmetric token of ours or a legacy HS256 token signed with the JWT secret. */
  async verify(token: string): Promise<Claims> {
    const known = this.verified.get(token);
    const now = Date.now() / 1000;
    if (known && (known.exp === undefined || now < known.exp) && !(now < (known.nbf ?? 0)))
      return { ...known };
    const claims = await this.verifyAnew(token);
    if (this.verified.size >= VERIFIED_TOKENS)
      this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return { ...claims };
  }

  private async verifyAnew(token: string): Promise<Claims> {
    this.verified.delete(token);
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg === "HS256") {
        return (await jwtVerify(token, hsKey, { algorithms: ["HS256"] })).payload;
      }
      const key = this.verifying.find((k) => k.kid === header.kid);
      if (!key)
        throw new CallerError(
          "invalid_jwt",
          "invalid JWT: unable to find a signing key that matches the kid",
        );
      return (await jwtVerify(token, key.publicKey, { algorithms: [key.alg] })).payload;
    } catch (err) {
      if (err instanceof CallerError) throw err;
      if (err instanceof joseErrors.JWTExpired)
        throw new CallerError("expired_jwt", "token has expired");
      throw new CallerError("invalid_jwt", "invalid JWT: unable to parse or verify signature");
    }
  }

  /**
   * Decides role and claims from the `apikey` and `Authorization` headers:
   * no key acts as anon (the CLI's gateway allows it), `sb_publishable_…` is anon, `sb_secret_…` is
   * service_role, legacy JWT keys carry their own role, and a user's bearer token wins over the key.
   */
  async resolveCaller(headers: Headers, query?: URLSearchParams): Promise<Caller> {
    const apiKey = headers.get("apikey") ?? query?.get("apikey") ?? null;
    const auth = headers.get("authorization");
    const bearer = auth && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, "").trim() : null;

    let kind: ApiKeyKind = "none";
    let keyClaims: Caller["claims"] = { role: "anon" };
    if (apiKey) ({ kind, claims: keyClaims } = await this.apiKeyClaims(apiKey));

    if (!bearer || bearer === apiKey)
      return { role: String(keyClaims.role), claims: keyClaims, apiKey: kind, userToken: null };
    if (bearer.startsWith("sb_")) {
      const fromBearer = await this.apiKeyClaims(bearer);
      return {
        role: String(fromBearer.claims.role),
        claims: fromBearer.claims,
        apiKey: kind,
        userToken: null,
      };
    }
    const claims = await this.verify(bearer);
    const role = typeof claims.role === "string" && claims.role ? claims.role : "anon";
    const isKey = !claims.sub && (role === "anon" || role === "service_role");
    return { role, claims, apiKey: kind, userToken: isKey ? null : bearer };
  }

  private async apiKeyClaims(key: string): Promise<{ kind: ApiKeyKind; claims: Caller["claims"] }> {
    if (key === LOCAL_PUBLISHABLE_KEY) return { kind: "publishable", claims: { role: "anon" } };
    if (key === LOCAL_SECRET_KEY) return { kind: "secret", claims: { role: "service_role" } };
    if (key.startsWith("sb_")) throw new CallerError("invalid_api_key", "Invalid API key");
    let claims: Caller["claims"];
    try {
      // JWT keys may be signed with the legacy secret or, with signing_keys_path, an asymmetric key.
      claims = await this.verify(key);
    } catch {
      throw new CallerError("invalid_api_key", "Invalid API key");
    }
    if (claims.role === "anon") return { kind: "legacy-anon", claims };
    if (claims.role === "service_role") return { kind: "legacy-service", claims };
    throw new CallerError("invalid_api_key", "Invalid API key");
  }
}
