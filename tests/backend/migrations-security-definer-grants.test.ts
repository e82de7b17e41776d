import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definerFunctions, grantProblems } from "./support/security-definer";
import { startTestBackend, type TestBackend } from "@groundwork/local-backend/testing";

/**
 * Who may call each `security definer` function of supabase/migrations, among anon and
 * authenticated (service_role always may). A function missing here fails the test: its migration
 * must `revoke execute ... from public, anon, authenticated` and grant back only what it means.
 */
const GRANT_DECISIONS: Record<string, readonly string[]> = {
  // Triggers on auth.users and profiles: run by the database, never called.
  "create_profile_for_user()": [],
  "mirror_profile_to_user()": [],
  // Whether a username can be claimed: a signed-in person asks while typing.
  "username_available(text)": ["authenticated"],
  // Feeds a shared note's public topic from a trigger on notes.
  "broadcast_shared_note()": [],
  // Remembers every share slug set on a note, from a trigger on notes.
  "notes_share_slug_once()": [],
  // Only these write a note's slug; the owner (or the service role) calls them.
  "share_note(uuid)": ["authenticated"],
  "unshare_note(uuid)": ["authenticated"],
  // A shared note's public fields by its slug: anyone holding the link reads it, signed in or not.
  "shared_note(text)": ["anon", "authenticated"],
  // Merges a note's stored updates; checks the owner itself, since devices cannot delete updates.
  "compact_note(uuid,bytea,bigint,bigint[])": ["authenticated"],
  // A note's text from its stored document: written by the server alone.
  "write_note_text(uuid,text,text,bigint,integer)": [],
  // A note's text, tags and links from its stored document: written by the server alone.
  "write_note_derived(uuid,text,text,bigint,integer,text[],jsonb)": [],
  // Which links of a shared note lead to shared notes: anyone holding its link reads it.
  "shared_note_links(text)": ["anon", "authenticated"],
  // A share page's note and those links, in one call: anyone holding its link reads it.
  "shared_note_page(text)": ["anon", "authenticated"],
  // Keeps the folded copy search reads in step with the note's text, from a trigger on notes.
  "notes_fold_for_search()": [],
  // Keep the tag tree's counts in step with note_tags and the Trash, from triggers.
  "tag_counts_add(uuid[],text[],integer[])": [],
  "tag_counts_follow_note_tags()": [],
  "tag_counts_follow_note()": [],
  // Who may do what on a note or folder: every policy asks these, as any signed-in person.
  "folder_role(uuid)": ["authenticated"],
  "note_role(uuid)": ["authenticated"],
  "shared_note_ids()": ["authenticated"],
  "note_topic_role(text)": ["authenticated"],
  "attachment_role(text)": ["authenticated"],
  // Refuses sharing with the owner, from a trigger on the membership tables.
  "members_before_write()": [],
  // Invitations become memberships: from a trigger on auth.users, or the person at sign-in.
  "accept_invitations_for(uuid,text)": [],
  "accept_invitations()": ["authenticated"],
  "accept_invitations_on_confirm()": [],
  // Which account an invited address has: the server asks it with the service role.
  "user_id_for_email(text)": [],
  // What a person sees of sharing: the notes shared with them, and who has access to a note.
  "shared_with_me()": ["authenticated"],
  "note_people(uuid)": ["authenticated"],
  // The same for folders: who has access to a folder, and the folders shared with the caller.
  "folder_people(uuid)": ["authenticated"],
  "shared_folders()": ["authenticated"],
  // A given person's role on a note or folder, for the checks above: never called by people.
  "folder_role_of(uuid,uuid)": [],
  "note_role_of(uuid,uuid)": [],
  // Which of the people a comment mentions have no access: asked by those who have it themselves.
  "note_comment_strangers(uuid,uuid[])": ["authenticated"],
  // Tells a note's channel its comments changed, from a trigger on note_comments.
  "note_comments_broadcast()": [],
  // Tells a removed person's open editor, from a trigger on note_members.
  "broadcast_member_change()": [],
  // Asks a folder member's open notes from it to read their role again, from a trigger.
  "broadcast_folder_member_change()": [],
  // Tells a person's open lists what changed of a note, from a trigger on notes.
  "broadcast_note_list_change()": [],
  // Tells a person's open pages their tag tree changed, from triggers on tag_counts.
  "broadcast_tag_counts_change()": [],
  // Tells folder members their Shared with me changed as a note moves, from triggers on notes.
  "broadcast_note_folder_change()": [],
  // Keeps the names a comment's mentions were written with, from a trigger on note_comments.
  "note_comments_mention_names()": [],
  "relabel_note_links(uuid)": [],
  "notes_lacking_refs(uuid,integer)": [],
  "write_note_refs(uuid,text,text,text[],jsonb)": [],
};

const fixtures = path.join(import.meta.dirname, "fixtures");
// A project with no migrations: whatever it has is the platform's own.
const empty = mkdtempSync(path.join(tmpdir(), "no-migrations-"));
let platform: TestBackend;
let platformSignatures: Set<string>;
beforeAll(async () => {
  platform = await startTestBackend({ supabaseDir: empty });
  platformSignatures = new Set(
    (await definerFunctions(platform.backend.db, new Set())).map((f) => f.signature),
  );
});
afterAll(async () => {
  await platform?.stop();
  rmSync(empty, { recursive: true, force: true });
});

describe("security definer functions carry an explicit grant decision", () => {
  it("the project's migrations decide for every one of theirs", async () => {
    const t = await startTestBackend();
    try {
      const found = await definerFunctions(t.backend.db, platformSignatures);
      expect(grantProblems(found, GRANT_DECISIONS)).toEqual([]);
    } finally {
      await t.stop();
    }
  });

  it("a function without a decision, or with PUBLIC's default, is reported", async () => {
    const t = await startTestBackend({ supabaseDir: path.join(fixtures, "security-definer") });
    try {
      const found = await definerFunctions(t.backend.db, platformSignatures);
      expect(found.map((f) => f.signature)).toEqual(["decided(text)", "undecided()"]);
      expect(grantProblems(found, { "decided(text)": ["anon"] })).toEqual([
        "undecided() has no grant decision",
      ]);
      expect(grantProblems(found, { "decided(text)": ["anon"], "undecided()": [] })).toEqual([
        "undecided(): PUBLIC may still execute it; revoke execute from public",
        "undecided(): callable by anon, authenticated, decided nobody",
      ]);
      expect(
        grantProblems(found, { "decided(text)": [], "undecided()": ["anon", "authenticated"] }),
      ).toEqual([
        "decided(text): callable by anon, decided nobody",
        "undecided(): PUBLIC may still execute it; revoke execute from public",
      ]);
    } finally {
      await t.stop();
    }
  });
});
