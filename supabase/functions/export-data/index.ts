// Everything the caller owns as one zip, streamed while it is made: profile.json, account.json,
// notes/<folder path>/*.md (Markdown with front matter; notes in no folder at the top), folders.json, attachments/<note id>/<file> and avatar/<file>.
import { makeZip } from "npm:client-zip@2.5.1";
import { bearerToken, clientAs, isMissing, projectKey, projectUrl } from "../_shared/clients.ts";
import { corsHeaders, preflight, problem } from "../_shared/http.ts";
import { listObjects } from "../_shared/storage.ts";
import {
  folderPaths,
  noteFileName,
  noteMarkdown,
  type FolderRow,
  type NoteRow,
} from "./markdown.ts";

type Client = ReturnType<typeof clientAs>;
interface Entry {
  name: string;
  input: string | ReadableStream<Uint8Array>;
  lastModified?: Date;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

async function readFolders(client: Client, userId: string): Promise<FolderRow[]> {
  const rows: FolderRow[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client
      .from("folders")
      .select("id, parent_id, name")
      .eq("owner_id", userId)
      .order("created_at")
      .range(from, from + 999);
    if (error) {
      if (isMissing(error)) return rows;
      throw new Error(`reading folders: ${error.message}`);
    }
    rows.push(...((data ?? []) as FolderRow[]));
    if (!data || data.length < 1000) return rows;
  }
}

async function* notes(
  client: Client,
  userId: string,
  paths: Map<string, string>,
): AsyncGenerator<Entry> {
  for (let from = 0; ; from += 500) {
    const { data, error } = await client
      .from("notes")
      .select("id, title, body, pinned, deleted_at, share_slug, created_at, updated_at, folder_id")
      .eq("owner_id", userId)
      .order("created_at")
      .range(from, from + 499);
    if (error) {
      if (isMissing(error)) return;
      throw new Error(`reading notes: ${error.message}`);
    }
    for (const note of (data ?? []) as NoteRow[]) {
      const lastModified = note.updated_at ? new Date(note.updated_at) : undefined;
      const folder = (note.folder_id && paths.get(note.folder_id)) || null;
      const name = `notes/${folder ? `${folder}/` : ""}${noteFileName(note)}`;
      yield { name, input: noteMarkdown(note, folder), lastModified };
    }
    if (!data || data.length < 500) return;
  }
}

// Downloaded one at a time as the archive reaches them, so no file is ever whole in memory.
async function* files(
  client: Client,
  token: string,
  bucket: string,
  userId: string,
  folder: string,
): AsyncGenerator<Entry> {
  for (const path of await listObjects(client, bucket, userId)) {
    const res = await fetch(
      `${projectUrl}/storage/v1/object/authenticated/${bucket}/${path.split("/").map(encodeURIComponent).join("/")}`,
      { headers: { authorization: `Bearer ${token}`, apikey: projectKey } },
    );
    if (!res.ok || !res.body) throw new Error(`downloading ${bucket}/${path}: ${res.status}`);
    yield { name: `${folder}/${path.slice(userId.length + 1)}`, input: res.body };
  }
}

async function* archive(client: Client, token: string, user: Record<string, unknown>) {
  const id = String(user.id);
  yield { name: "account.json", input: json(user) };
  const profile = await client.from("profiles").select("*").eq("id", id).maybeSingle();
  if (profile.error && !isMissing(profile.error))
    throw new Error(`reading the profile: ${profile.error.message}`);
  if (profile.data) yield { name: "profile.json", input: json(profile.data) };
  const folders = await readFolders(client, id);
  const paths = folderPaths(folders);
  if (folders.length > 0) {
    const listed = folders.map((f) => ({ ...f, path: paths.get(f.id) }));
    yield { name: "folders.json", input: json(listed) };
  }
  yield* notes(client, id, paths);
  yield* files(client, token, "attachments", id, "attachments");
  yield* files(client, token, "avatars", id, "avatar");
}

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") return preflight();
  if (req.method !== "GET" && req.method !== "POST")
    return problem(405, "method_not_allowed", "Use GET or POST");
  const token = bearerToken(req);
  if (!token) return problem(401, "not_signed_in", "Sign in to export your data");
  const client = clientAs(token);
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) return problem(401, "not_signed_in", "Sign in to export your data");
  const { id, email, phone, created_at, last_sign_in_at, user_metadata } = data.user;
  const account = { id, email, phone, created_at, last_sign_in_at, user_metadata };
  const day = new Date().toISOString().slice(0, 10);
  return new Response(makeZip(archive(client, token, account)), {
    headers: {
      ...corsHeaders,
      // supabase-js hands an octet-stream answer to the app as a Blob, ready to save.
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="groundwork-export-${day}.zip"`,
    },
  });
});
