import http from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "./support/test";

/**
 * A page of another site that puts ours in a frame (clickjacking). The framing page is made up
 * here; the framed one is the real app, whose headers must make the browser refuse to show it.
 */
test("another site that frames a page sees it blocked", async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors|X-Frame-Options/.test(message.text())) refusals.push(message.text());
  });
  // A real server on this machine: another origin (its own port) that frames the app's page.
  const framer = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><title>framer</title><iframe src="${baseURL}/features"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals.join("\n")).toContain("frame-ancestors 'none'");
    // Nothing of the app rendered inside the frame.
    const framed = page.frameLocator("iframe");
    await expect(framed.getByRole("banner")).toHaveCount(0);
    await expect(framed.getByText("Groundwork")).toHaveCount(0);
  } finally {
    framer.close();
  }
});

test("the site's own pages cannot frame it either", async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  // Same origin, so a blocked frame's document would otherwise be readable from here.
  await page.route(`${baseURL}/framing-check`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>framing check</title><iframe src="/"></iframe>`,
    }),
  );
  await page.goto("/framing-check");
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(page.frameLocator("iframe").getByRole("banner")).toHaveCount(0);
});
