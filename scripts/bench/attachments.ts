import { randomBytes } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import * as tus from "tus-js-client";

import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_BUCKET, CHUNK_SIZE } from "../../lib/attachments/limits";
import type { Database } from "../../lib/supabase/database.types";

export interface AttachmentsBenchContext {
  backendUrl: string;
  publishableKey: string;
  email: string;
  password: string;
}

/**
 * Throughput of one 50 MiB attachment sent as the note editor sends it: tus-js-client with the
 * person's access token, the app's chunk size and metadata, into a note of theirs; timed from the
 * upload's creation to the object being committed, then checked for its full size.
 */
export async function benchAttachmentUpload(ctx: AttachmentsBenchContext) {
  const client = createClient<Database>(ctx.backendUrl, ctx.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signedIn = await client.auth.signInWithPassword({
    email: ctx.email,
    password: ctx.password,
  });
  if (signedIn.error) throw signedIn.error;
  const { user, access_token } = signedIn.data.session;
  const note = await client.from("notes").insert({ title: "Big file" }).select("id").single();
  if (note.error) throw note.error;
  const path = `${user.id}/${note.data.id}/0123456789ab-bench.mp4`;
  const bytes = randomBytes(ATTACHMENT_MAX_BYTES);

  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(bytes, {
      endpoint: `${ctx.backendUrl}/storage/v1/upload/resumable`,
      chunkSize: CHUNK_SIZE,
      retryDelays: [],
      headers: {
        apikey: ctx.publishableKey,
        authorization: `Bearer ${access_token}`,
        "x-upsert": "false",
      },
      metadata: {
        bucketName: ATTACHMENTS_BUCKET,
        objectName: path,
        contentType: "video/mp4",
        cacheControl: "3600",
      },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
  const seconds = (performance.now() - started) / 1000;
  const info = await client.storage.from(ATTACHMENTS_BUCKET).info(path);
  if (info.error || info.data.size !== bytes.length) {
    throw new Error(
      `The benchmark upload was not stored whole: ${info.error?.message ?? info.data?.size}`,
    );
  }
  return { seconds, mbPerSecond: bytes.length / (1024 * 1024) / seconds };
}
