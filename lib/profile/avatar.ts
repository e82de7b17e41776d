import { newAvatarPath } from "@/lib/profile/crop";
import { saveProfile, type ProfileClient } from "@/lib/profile/save";

async function removeStored(supabase: ProfileClient, path: string | null): Promise<void> {
  // A file left behind costs storage, not correctness: the profile no longer points at it.
  if (path) await supabase.storage.from("avatars").remove([path]);
}

/**
 * Stores the cropped picture under a new name, points the profile at it, and only then removes
 * the old one: a failure at any step leaves the profile showing a picture that exists. Answers an
 * error sentence, or null when the new picture is saved.
 */
export async function replaceAvatar(
  supabase: ProfileClient,
  userId: string,
  picture: Blob,
  previousPath: string | null,
): Promise<string | null> {
  const path = newAvatarPath(userId, crypto.randomUUID());
  const { error } = await supabase.storage
    .from("avatars")
    .upload(path, picture, { contentType: "image/webp", cacheControl: "31536000" });
  if (error) return error.message;
  const failed = await saveProfile(supabase, userId, { avatar_path: path });
  if (failed) {
    await removeStored(supabase, path);
    return failed;
  }
  await removeStored(supabase, previousPath);
  return null;
}

/** Clears the profile's picture, then removes the file. Answers an error sentence, or null. */
export async function removeAvatar(
  supabase: ProfileClient,
  userId: string,
  path: string | null,
): Promise<string | null> {
  const failed = await saveProfile(supabase, userId, { avatar_path: null });
  if (failed) return failed;
  await removeStored(supabase, path);
  return null;
}
