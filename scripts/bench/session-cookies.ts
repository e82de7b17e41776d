import { createServerClient } from "@supabase/ssr";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";

export type Cookie = { name: string; value: string };

/**
 * The session cookies a browser holds after signing in through `supabaseUrl` (the backend, or a
 * proxy in front of it), as `@supabase/ssr` writes them.
 */
export async function sessionCookies(
  supabaseUrl: string,
  email: string,
  password: string,
  publishableKey = LOCAL_PUBLISHABLE_KEY,
): Promise<Cookie[]> {
  let jar: Cookie[] = [];
  const supabase = createServerClient(supabaseUrl, publishableKey, {
    cookies: {
      getAll: () => jar,
      setAll: (set) => void (jar = set.map(({ name, value }) => ({ name, value }))),
    },
  });
  const signedIn = await supabase.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return jar;
}

/** The same cookies as one `Cookie` request header. */
export const cookieHeader = (cookies: Cookie[]) =>
  cookies.map((c) => `${c.name}=${c.value}`).join("; ");
