// Deletes the caller's account once the request proves it is them (proof.ts): storage objects
// first, then rows, then the auth user. The user goes last so that a run that stops midway leaves a
// signed-in person who can simply run it again.
import { adminClient, bearerToken, clientAs, isMissing } from "../_shared/clients.ts";
import { corsHeaders, preflight, problem } from "../_shared/http.ts";
import { listObjects } from "../_shared/storage.ts";
import { checkProof, endProofSession, isRefusal, readProof } from "./proof.ts";

type Admin = ReturnType<typeof adminClient>;

async function deleteObjects(admin: Admin, bucket: string, userId: string): Promise<void> {
  const paths = await listObjects(admin, bucket, userId);
  for (let i = 0; i < paths.length; i += 100) {
    const { error } = await admin.storage.from(bucket).remove(paths.slice(i, i + 100));
    if (error) throw new Error(`removing from ${bucket}: ${error.message}`);
  }
}

async function deleteRows(admin: Admin, table: string, column: string, userId: string) {
  const { error } = await admin.from(table).delete().eq(column, userId);
  if (error && !isMissing(error)) throw new Error(`deleting ${table}: ${error.message}`);
}

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") return preflight();
  if (req.method !== "POST" && req.method !== "DELETE")
    return problem(405, "method_not_allowed", "Use POST");
  const token = bearerToken(req);
  if (!token) return problem(401, "not_signed_in", "Sign in to delete your account");
  const { data, error } = await clientAs(token).auth.getUser(token);
  if (error || !data.user) return problem(401, "not_signed_in", "Sign in to delete your account");
  const user = data.user;
  const proof = await readProof(req);
  if (isRefusal(proof)) return problem(proof.status, proof.code, proof.message);
  // The session the proof opens ends with the account, or here when the account stays.
  const opened: string[] = [];
  const endOpened = () => Promise.all(opened.map(endProofSession));
  const refused = await checkProof(user, token, proof, (t) => opened.push(t));
  if (refused) {
    await endOpened();
    return problem(refused.status, refused.code, refused.message);
  }

  const admin = adminClient();
  try {
    await deleteObjects(admin, "attachments", user.id);
    await deleteObjects(admin, "avatars", user.id);
    await deleteRows(admin, "notes", "owner_id", user.id);
    await deleteRows(admin, "profiles", "id", user.id);
    const gone = await admin.auth.admin.deleteUser(user.id);
    if (gone.error && gone.error.status !== 404) throw new Error(gone.error.message);
  } catch (err) {
    console.error(`delete-account ${user.id}:`, err);
    await endOpened();
    return problem(500, "delete_incomplete", "Your account is not fully deleted yet; try again");
  }
  return Response.json({ deleted: true }, { headers: corsHeaders });
});
