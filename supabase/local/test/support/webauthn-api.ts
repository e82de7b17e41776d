import {
  PASSWORD,
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./auth-support";
import { LOCAL_PUBLISHABLE_KEY } from "./local-backend";

/** A backend whose relying party is set, so WebAuthn and passkeys only wait for their switches. */
export async function startWebAuthnBackend(): Promise<TestBackend> {
  const t = await startTestBackend();
  t.backend.config.auth.email.enableConfirmations = false;
  t.backend.config.auth.webauthn.rp = {
    id: "localhost",
    displayName: "Groundwork",
    origins: ["http://localhost:3000"],
  };
  return t;
}

/** Turns WebAuthn MFA and passkeys on or off together. */
export function enableWebAuthn(t: TestBackend, on: boolean): void {
  t.backend.config.auth.webauthn.mfa = { enrollEnabled: on, verifyEnabled: on };
  t.backend.config.auth.webauthn.passkey.enabled = on;
}

/** A new user signed in through supabase-js; its client, access token and id. */
export async function signedIn(t: TestBackend) {
  const client = browserClient(t);
  const { data } = await client.auth.signUp({ email: uniqueEmail("webauthn"), password: PASSWORD });
  return { client, token: data.session!.access_token, userId: data.user!.id };
}

/** One auth API call as a 2024-01-01 client makes it; the status and the parsed body. */
export async function call(
  t: TestBackend,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
) {
  const res = await fetch(`${t.url}/auth/v1${route}`, {
    method,
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      "x-supabase-api-version": "2024-01-01",
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
