import type { Page } from "@playwright/test";

/** Markdown a note's body might hold, each line trying to run script somewhere it is shown. */
export const XSS_MARKDOWN = [
  "<script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  "[click me](javascript:window.__xss='link')",
  "[encoded](JaVaScRiPt:window.__xss='case')",
  "[spaced]( javascript:window.__xss='spaced')",
  "![pic](javascript:window.__xss='img')",
  "<svg onload=\"window.__xss = 'svg'\"><script>window.__xss = 'svg-script'</script></svg>",
  "<a href=\"javascript:window.__xss='raw'\">raw link</a>",
  "<iframe src=\"javascript:window.__xss='frame'\"></iframe>",
  "<details open ontoggle=\"window.__xss = 'toggle'\">x</details>",
  "<b onmouseover=\"window.__xss = 'hover'\">hover me</b>",
].join("\n\n");

/** The same attacks as HTML on the clipboard. */
export const XSS_HTML = [
  "<p>pasted <b onmouseover=\"window.__xss = 'paste-hover'\">bold</b></p>",
  "<script>window.__xss = 'paste-script'</script>",
  '<img src="x" onerror="window.__xss = \'paste-onerror\'">',
  "<p><a href=\"javascript:window.__xss='paste-link'\">pasted link</a></p>",
  "<p><a href=\"&#106;avascript:window.__xss='paste-entity'\">entity link</a></p>",
  "<svg><a xlink:href=\"javascript:window.__xss='paste-svg'\"><text>svg link</text></a></svg>",
  "<iframe srcdoc=\"<script>parent.__xss='paste-frame'</script>\"></iframe>",
  "<math><mtext><style><img src=x onerror=\"window.__xss='paste-mxss'\"></style></mtext></math>",
].join("");

/** What in `selector` could still run script: handlers, scriptable elements, script URLs. */
export function scriptableIn(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)!;
    const handlers = [...root.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name),
    );
    const scriptish = root.querySelectorAll(
      "script, iframe, frame, svg, math, object, embed, details, base, form, meta",
    ).length;
    const badUrls = [...root.querySelectorAll("[href], [src], [xlink\\:href]")]
      .flatMap((el) => ["href", "src", "xlink:href"].map((a) => el.getAttribute(a) ?? ""))
      .filter((url) => /^\s*javascript:/i.test(url));
    return { xss: (window as { __xss?: string }).__xss ?? null, handlers, scriptish, badUrls };
  }, selector);
}
