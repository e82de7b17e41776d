import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInUser, typedClient, type NotesClient } from "./notes-support";
import {
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "@groundwork/local-backend/testing";

// The hourly job hosted runs with pg_cron (migration 20261126130000), run by the local backend
// itself; here every 200 ms so a test sees it come round.
let t: TestBackend;
let service: NotesClient;
let owner: { client: NotesClient; id: string };
beforeAll(async () => {
  t = await startTestBackend({ scheduledJobsEveryMs: 200, copyMigrated: true });
  service = typedClient(t, LOCAL_SECRET_KEY);
  owner = await signedInUser(t);
});
afterAll(() => t?.stop());

async function trashed(title: string, daysAgo: number | null): Promise<string> {
  const { data, error } = await owner.client.from("notes").insert({ title }).select("id").single();
  expect(error).toBeNull();
  if (daysAgo !== null) {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    expect(
      (await service.from("notes").update({ deleted_at: at }).eq("id", data!.id)).error,
    ).toBeNull();
  }
  return data!.id;
}

describe("the scheduled job that empties expired trash", () => {
  it("removes notes trashed over 30 days ago with no one asking, and keeps the rest", async () => {
    const expired = await trashed("Long gone", 31);
    const recent = await trashed("Recently trashed", 29);
    const alive = await trashed("Alive", null);
    const ids = [expired, recent, alive];
    let left: string[] = [];
    for (let i = 0; i < 100; i++) {
      const { data } = await service.from("notes").select("id").in("id", ids);
      left = (data ?? []).map((r) => r.id);
      if (!left.includes(expired)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(left)).toEqual(new Set([recent, alive]));
  });

  it("schedules nothing with pg_cron where the database has no pg_cron loaded", async () => {
    // The migration ran unchanged here: no cron schema, and the notes are still served.
    const { rows } = await t.backend.db.query<{ cron: string | null }>(
      "select to_regnamespace('cron')::text as cron",
    );
    expect(rows[0].cron).toBeNull();
  });
});
