import { chromium, type Page } from "@playwright/test";

export interface KeystrokeBenchContext {
  appUrl: string;
  /** The person's session cookies, as `name=value; name=value`. */
  cookie: string;
  noteId: string;
  keystrokes?: number;
}

const EDITOR = '[role="textbox"][aria-label="Note"]';

/** One of the person's devices: a browser context signed in, with the note open and editable. */
async function openDevice(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  ctx: KeystrokeBenchContext,
): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies(
    ctx.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: ctx.appUrl };
    }),
  );
  // Counts the note's broadcasts this page sends (Realtime messages on its topic that say "update").
  await context.addInitScript(() => {
    const counted = { updates: 0 };
    Object.assign(window, { __sent: counted });
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      const text = typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer);
      // JSON or realtime-js' binary frame: either names the note's topic and the event.
      if (text.includes("note:") && text.includes("update")) counted.updates += 1;
      return send.call(this, data);
    };
  });
  const page = await context.newPage();
  await page.goto(`${ctx.appUrl}/notes/${ctx.noteId}`);
  await page.locator(EDITOR).waitFor({ timeout: 60_000 });
  return page;
}

/**
 * Milliseconds from a key pressed on one device to its character in the note on another: two
 * Chromium pages signed in as one person, the note open on both, joined on its Realtime channel
 * (each sees the other in presence). Times are read inside the pages (one clock, the machine's),
 * from the keydown on the first to the editor's change on the second; one key at a time.
 */
export async function benchKeystroke(ctx: KeystrokeBenchContext) {
  const count = ctx.keystrokes ?? 40;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const writer = await openDevice(browser, ctx);
    const reader = await openDevice(browser, ctx);
    for (const page of [writer, reader])
      await page.locator("[data-presence]").waitFor({ timeout: 60_000 });

    await reader.evaluate((selector) => {
      const root = document.querySelector(selector)!;
      const seen: { length: number; at: number }[] = [];
      Object.assign(window, { __seen: seen });
      new MutationObserver(() =>
        seen.push({
          length: root.textContent!.length,
          at: performance.timeOrigin + performance.now(),
        }),
      ).observe(root, { subtree: true, childList: true, characterData: true });
    }, EDITOR);
    await writer.locator(EDITOR).click();
    await writer.keyboard.press("ControlOrMeta+End");
    await writer.evaluate(() => {
      const pressed: number[] = [];
      Object.assign(window, { __pressed: pressed });
      document.addEventListener("keydown", () =>
        pressed.push(performance.timeOrigin + performance.now()),
      );
    });
    const start = await reader.locator(EDITOR).evaluate((el) => el.textContent!.length);

    let missed = 0;
    for (let i = 0; i < count; i++) {
      await writer.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await reader
        .waitForFunction(
          ([selector, length]) =>
            document.querySelector(selector as string)!.textContent!.length >= (length as number),
          [EDITOR, start + i + 1] as const,
          { timeout: 10_000 },
        )
        .catch(() => (missed += 1));
    }
    const pressed = await writer.evaluate(
      () => (window as unknown as { __pressed: number[] }).__pressed,
    );
    const seen = await reader.evaluate(
      () => (window as unknown as { __seen: { length: number; at: number }[] }).__seen,
    );
    const times = pressed.flatMap((at, i) => {
      const shown = seen.find((s) => s.length >= start + i + 1);
      return shown ? [shown.at - at] : [];
    });
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;

    // Steady typing, a key every 50 ms (1,200 a minute), with the other device there and alone.
    const perMinute = async (seconds: number) => {
      const sent = () =>
        writer.evaluate(
          () => (window as unknown as { __sent: { updates: number } }).__sent.updates,
        );
      const before = await sent();
      const started = Date.now();
      for (let i = 0; Date.now() - started < seconds * 1000; i++) {
        await writer.keyboard.press(String.fromCharCode(97 + (i % 26)));
        await new Promise((r) => setTimeout(r, 50));
      }
      const minutes = (Date.now() - started) / 60_000;
      await new Promise((r) => setTimeout(r, 200));
      return ((await sent()) - before) / minutes;
    };
    const withPeer = await perMinute(5);
    await reader.context().close();
    await writer
      .locator("[data-presence]")
      .waitFor({ state: "detached", timeout: 30_000 })
      .catch(() => {});
    const alone = await perMinute(5);
    return {
      p50: q(0.5),
      p95: q(0.95),
      failures: missed,
      keystrokes: count,
      messagesPerMinute: { withPeer, alone },
    };
  } finally {
    await browser.close();
  }
}
