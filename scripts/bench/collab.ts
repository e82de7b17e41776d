import { chromium, type Browser, type Page } from "@playwright/test";
import { createServerClient } from "@supabase/ssr";
import { createClient } from "@supabase/supabase-js";
import { diffChars } from "diff";

import type { Database } from "../../lib/supabase/database.types";
import { fanOut } from "./collab-fan-out";
import {
  noSession,
  people,
  signedIn,
  sleep,
  timing,
  type Client,
  type CollabBenchContext,
  type Person,
  type Timing,
} from "./collab-support";

const EDITOR = '[role="textbox"][aria-label="Note"]';
/** Keys each of the three types, one every KEY_GAP_MS, all three at once. */
const KEYS = 40;
const KEY_GAP_MS = 60;
const REMOVALS = 5;

/** The person's session cookies, as the app sets them at sign-in. */
async function cookiesOf(ctx: CollabBenchContext, person: Person) {
  let jar: { name: string; value: string }[] = [];
  const supabase = createServerClient(ctx.supabaseUrl, ctx.publishableKey, {
    cookies: {
      getAll: () => jar,
      setAll: (set) => void (jar = set.map(({ name, value }) => ({ name, value }))),
    },
  });
  const signedIn = await supabase.auth.signInWithPassword(person);
  if (signedIn.error) throw signedIn.error;
  return jar.map(({ name, value }) => ({ name, value, url: ctx.appUrl }));
}

/**
 * One person's browser with the note open. Inside the page: when each key went down, and every
 * change of the length of each person's paragraph (found by its first word), carets' labels
 * left out, on one clock (the machine's).
 */
async function openBrowser(
  browser: Browser,
  ctx: CollabBenchContext,
  person: Person,
  noteId: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(await cookiesOf(ctx, person));
  // tsx keeps functions' names with a helper of its own, which the page has not got.
  await context.addInitScript("window.__name = (f) => f;");
  // When the page sends and receives the note's updates on its Realtime socket, to split the time.
  await context.addInitScript(() => {
    const wire = { sent: [] as number[], got: [] as number[] };
    Object.assign(window, { __wire: wire });
    const now = () => performance.timeOrigin + performance.now();
    const isUpdate = (data: unknown) => {
      if (typeof data !== "string" && !(data instanceof ArrayBuffer)) return false;
      const text = typeof data === "string" ? data : new TextDecoder().decode(data);
      // JSON or realtime-js' binary frame: either names the note's topic and the event.
      return text.includes("note:") && text.includes("update");
    };
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (isUpdate(data)) wire.sent.push(now());
      return send.call(this, data);
    };
    // Arrival is noted before the client's own handler (realtime-js sets `onmessage`) applies it.
    const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage")!;
    Object.defineProperty(WebSocket.prototype, "onmessage", {
      configurable: true,
      get() {
        return onmessage.get!.call(this);
      },
      set(handler: ((event: MessageEvent) => unknown) | null) {
        onmessage.set!.call(
          this,
          handler &&
            function (this: WebSocket, event: MessageEvent) {
              if (isUpdate(event.data)) wire.got.push(now());
              return handler.call(this, event);
            },
        );
      },
    });
  });
  const page = await context.newPage();
  await page.goto(`${ctx.appUrl}/notes/${noteId}`);
  await page.locator(EDITOR).waitFor({ timeout: 60_000 });
  return page;
}

async function watch(page: Page, markers: string[]) {
  await page.evaluate(
    ([selector, markers]) => {
      const root = document.querySelector(selector as string)!;
      const now = () => performance.timeOrigin + performance.now();
      const textOf = (p: Element) => {
        let text = p.textContent ?? "";
        for (const caret of p.querySelectorAll(".collaborator-caret"))
          text = text.replace(caret.textContent ?? "", "");
        return text;
      };
      const seen: { marker: string; length: number; at: number }[] = [];
      const last = new Map<string, number>();
      const read = () => {
        const at = now();
        for (const p of root.querySelectorAll("p")) {
          const text = textOf(p);
          const marker = (markers as string[]).find((m) => text.startsWith(m));
          if (!marker || last.get(marker) === text.length) continue;
          last.set(marker, text.length);
          seen.push({ marker, length: text.length, at });
        }
      };
      read();
      new MutationObserver(read).observe(root, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      const pressed: number[] = [];
      document.addEventListener("keydown", () => pressed.push(now()), true);
      Object.assign(window, {
        __collab: {
          seen,
          pressed,
          texts: () =>
            Object.fromEntries(
              [...root.querySelectorAll("p")].flatMap((p) => {
                const text = textOf(p);
                const marker = (markers as string[]).find((m) => text.startsWith(m));
                return marker ? [[marker, text]] : [];
              }),
            ),
        },
      });
    },
    [EDITOR, markers] as const,
  );
}

type Watched = {
  seen: { marker: string; length: number; at: number }[];
  pressed: number[];
  texts: Record<string, string>;
};
const readWatch = (page: Page) =>
  page.evaluate(() => {
    const w = (
      window as unknown as {
        __collab: Omit<Watched, "texts"> & { texts: () => Record<string, string> };
      }
    ).__collab;
    return { seen: w.seen, pressed: w.pressed, texts: w.texts() };
  });

/**
 * Three people typing in one note at once, each in their own paragraph from their own browser:
 * from each key going down to its character in the other two browsers, and characters missing
 * anywhere once all is still; then access removal until the removed editor's page takes no more
 * typing.
 */
async function threePeople(ctx: CollabBenchContext, admin: Client) {
  const trio = await people(admin, ["Olga Owner", "Ana Editor", "Ben Editor"]);
  const [owner, ...editors] = trio as [Person, Person, Person];
  const markers = ["Olga:", "Ana:", "Ben:"];
  const note = await admin
    .from("notes")
    .insert({
      owner_id: owner.id,
      title: "Team plan",
      body: markers.map((m) => `${m} `).join("\n\n"),
    })
    .select("id")
    .single();
  if (note.error) throw note.error;
  const noteId = note.data.id;
  for (const editor of editors) {
    const shared = await admin
      .from("note_members")
      .insert({ note_id: noteId, user_id: editor.id, role: "editor" });
    if (shared.error) throw shared.error;
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    // The owner's browser makes the note's document from its text; the others then load it.
    const pages = [await openBrowser(browser, ctx, owner, noteId)];
    for (let i = 0; i < 100; i++) {
      const { data } = await admin.from("notes").select("ydoc").eq("id", noteId).single();
      if (data?.ydoc) break;
      await sleep(200);
    }
    for (const editor of editors) pages.push(await openBrowser(browser, ctx, editor, noteId));
    // Each sees the other two here.
    for (const page of pages)
      await page.locator("[data-people-here] > li").nth(1).waitFor({ timeout: 60_000 });
    for (const page of pages) await watch(page, markers);
    // Each puts their caret at the end of their own paragraph; keys pressed outside the note
    // would be the page's shortcuts, so it is checked.
    for (const [i, page] of pages.entries()) {
      const line = page.locator(`${EDITOR} p`, { hasText: markers[i] });
      for (let tries = 0; ; tries++) {
        await line.click();
        await page.keyboard.press("End");
        const inside = await line.evaluate((p) => {
          const at = window.getSelection()?.focusNode;
          return Boolean(at && p.contains(at) && p.closest('[contenteditable="true"]'));
        });
        if (inside) break;
        if (tries === 5) throw new Error(`${trio[i]!.name} could not put the caret in the note`);
        await sleep(500);
      }
    }
    const before = await Promise.all(pages.map(readWatch));
    const typed = ["abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"].map(
      (set) => Array.from({ length: KEYS }, (_, k) => set[k % set.length]).join(""),
    );
    await Promise.all(
      pages.map(async (page, i) => {
        for (const key of typed[i]!) {
          await page.keyboard.press(key);
          await sleep(KEY_GAP_MS);
        }
      }),
    );
    // Until every browser shows every paragraph as typed, or 15 s.
    const want = Object.fromEntries(markers.map((m, i) => [m, before[0]!.texts[m] + typed[i]]));
    for (let waited = 0; waited < 15_000; waited += 250) {
      const texts = await Promise.all(pages.map((p) => readWatch(p).then((w) => w.texts)));
      if (texts.every((t) => markers.every((m) => t[m] === want[m]))) break;
      await sleep(250);
    }
    const after = await Promise.all(pages.map(readWatch));
    let missed = 0;
    for (const w of after)
      for (const m of markers)
        for (const part of diffChars(want[m]!, w.texts[m] ?? ""))
          if (part.removed) missed += part.value.length;
    // The same time in three parts, each key or change matched with its nearest message: from
    // the key to the update leaving its page, on the way through the backend, and from its
    // arrival to the character on screen.
    const wires = await Promise.all(
      pages.map((p) =>
        p.evaluate(
          () => (window as unknown as { __wire: { sent: number[]; got: number[] } }).__wire,
        ),
      ),
    );
    const split = { toSent: [] as number[], onWire: [] as number[], toShown: [] as number[] };
    for (const [i, w] of after.entries()) {
      for (const at of w.pressed.slice(before[i]!.pressed.length)) {
        const sent = wires[i]!.sent.find((x) => x >= at);
        if (sent) split.toSent.push(sent - at);
      }
      for (const change of w.seen.slice(before[i]!.seen.length)) {
        if (change.marker === markers[i]) continue;
        const got = wires[i]!.got.filter((x) => x <= change.at).at(-1);
        if (got) split.toShown.push(change.at - got);
      }
      for (const sent of wires[i]!.sent)
        for (const [j, other] of wires.entries()) {
          const got = j === i ? undefined : other.got.find((x) => x >= sent);
          if (got) split.onWire.push(got - sent);
        }
    }
    const latencies: number[] = [];
    for (const [i, typer] of after.entries()) {
      const base = before[i]!.texts[markers[i]!]!.length;
      const presses = typer.pressed.slice(before[i]!.pressed.length);
      for (const [j, other] of after.entries()) {
        if (j === i) continue;
        presses.forEach((at, k) => {
          const shown = other.seen.find((s) => s.marker === markers[i] && s.length >= base + k + 1);
          if (shown) latencies.push(Math.max(0, shown.at - at));
        });
      }
    }

    // The owner removes Ben, then gives him his access back and he opens the note again.
    const ownerClient = await signedIn(ctx, owner);
    const ben = pages[2]!;
    const removals: number[] = [];
    let stillEditable = 0;
    for (let r = 0; r < REMOVALS; r++) {
      if (r > 0) {
        const back = await ownerClient
          .from("note_members")
          .insert({ note_id: noteId, user_id: editors[1].id, role: "editor" });
        if (back.error) throw back.error;
        await ben.reload();
        await ben.locator(EDITOR).waitFor({ timeout: 60_000 });
        await ben.locator("[data-people-here] > li").nth(1).waitFor({ timeout: 60_000 });
      }
      await ben.evaluate((selector) => {
        const done = { at: 0 };
        Object.assign(window, { __removed: done });
        const check = () => {
          const editor = document.querySelector(selector);
          if (!done.at && (!editor || editor.getAttribute("contenteditable") !== "true"))
            done.at = performance.timeOrigin + performance.now();
        };
        new MutationObserver(check).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ["contenteditable"],
        });
      }, EDITOR);
      const started = performance.timeOrigin + performance.now();
      const gone = await ownerClient
        .from("note_members")
        .delete()
        .eq("note_id", noteId)
        .eq("user_id", editors[1].id);
      if (gone.error) throw gone.error;
      const at = await ben
        .waitForFunction(
          () => (window as unknown as { __removed: { at: number } }).__removed.at,
          null,
          {
            timeout: 15_000,
          },
        )
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => 0);
      if (at) removals.push(at - started);
      else stillEditable += 1;
    }
    return {
      typing: timing(latencies),
      split: {
        toSent: timing(split.toSent),
        onWire: timing(split.onWire),
        toShown: timing(split.toShown),
      },
      missed,
      keys: KEYS * 3,
      removal: timing(removals),
      stillEditable,
    };
  } finally {
    await browser.close();
  }
}

/** The collaboration rows, as printed lines. */
export async function benchCollab(
  ctx: CollabBenchContext,
): Promise<{ lines: string[]; failed: boolean }> {
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, noSession);
  const three = await threePeople(ctx, admin);
  const fan = await fanOut(ctx, admin);
  const ms = (t: Timing) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
  return {
    lines: [
      `\n  three people typing at once (3 Chromium browsers, owner + 2 editors, a key every ${KEY_GAP_MS} ms each): keystroke to the other two ${ms(three.typing)} (${three.typing.n} arrivals of ${three.keys} keys), ${three.missed} missed characters`,
      `  of which (each matched with its nearest message): key to update sent ${ms(three.split.toSent)}, through the local backend's Realtime ${ms(three.split.onWire)}, arrival to character shown ${ms(three.split.toShown)}`,
      `  access removal until the removed editor's page takes no typing: ${ms(three.removal)}, max ${three.removal.max.toFixed(0)} ms (${three.removal.n} removals${three.stillEditable ? `, ${three.stillEditable} still editable after 15 s` : ""})`,
      `  a note shared with ${fan.audience} people, all with it open: one update until all ${fan.audience} have it ${ms(fan.untilAll)}; each delivery ${ms(fan.each)} (${fan.updates} updates, supabase-js Realtime clients${fan.late ? `, ${fan.late} not everywhere within 10 s` : ""}, ${fan.missing} documents not matching)`,
    ],
    failed: three.missed > 0 || three.stillEditable > 0 || fan.late > 0 || fan.missing > 0,
  };
}
