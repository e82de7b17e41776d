import type { SupabaseClient } from "@supabase/supabase-js";

import { profileSaveError } from "@/lib/profile/username";
import type { Database } from "@/lib/supabase/database.types";

/** The browser client the account pages load; any client over the same schema will do. */
export type ProfileClient = SupabaseClient<Database>;

export type ProfileChange = Partial<{
  username: string | null;
  display_name: string | null;
  avatar_path: string | null;
  theme: "light" | "dark" | "system";
}>;

/**
 * Saves to the person's profile row, then refreshes the session so the token (which carries the
 * profile) shows the change at once. Answers an error sentence, or null when saved.
 */
export async function saveProfile(
  supabase: ProfileClient,
  userId: string,
  change: ProfileChange,
): Promise<string | null> {
  const { error } = await supabase.from("profiles").update(change).eq("id", userId);
  if (error) return profileSaveError(error);
  await supabase.auth.refreshSession();
  return null;
}

export type UsernameAvailability = "available" | "taken" | "unknown";

/** Whether a username is free; "unknown" when the server could not say (saving checks again). */
export async function usernameAvailability(
  supabase: ProfileClient,
  username: string,
): Promise<UsernameAvailability> {
  const { data, error } = await supabase.rpc("username_available", { name: username });
  return error ? "unknown" : data ? "available" : "taken";
}
