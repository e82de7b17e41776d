import { escapeHtml } from "../escape-html";

/**
 * html/template's contextual escaping: the literal HTML around each substitution decides how its
 * value is escaped (entities in text and attributes; percent-encoding and a scheme check in URLs).
 */

/** Go's URL escaper (`norm` = false: everything but unreserved) and normaliser (`norm` = true). */
function urlProcess(s: string, norm: boolean): string {
  const bytes = new TextEncoder().encode(s);
  const isHex = (b: number | undefined) =>
    b !== undefined && /[0-9a-fA-F]/.test(String.fromCharCode(b));
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-._~]/.test(c) || (norm && "!#$&*+,/:;=?@[]".includes(c))) out += c;
    // A valid escape is kept as it is when normalising.
    else if (norm && c === "%" && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) out += c;
    else out += `%${b.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** Go's urlFilter: only http, https and mailto schemes are let through at the start of a URL. */
function urlFilter(s: string): string {
  const colon = s.indexOf(":");
  if (colon >= 0 && !s.slice(0, colon).includes("/")) {
    const scheme = s.slice(0, colon).toLowerCase();
    if (scheme !== "http" && scheme !== "https" && scheme !== "mailto") return "#ZgotmplZ";
  }
  return s;
}

const URL_ATTRS = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "cite",
  "poster",
  "background",
  "longdesc",
  "usemap",
  "icon",
  "manifest",
  "codebase",
  "data",
  "profile",
  "classid",
  "archive",
]);

export type Where =
  { in: "text" } | { in: "url"; part: "start" | "path" | "query" } | { in: "attr" };

/**
 * Follows the literal HTML of a template, character by character, to know where the next
 * substitution lands: in text, in an ordinary attribute, or in which part of a URL attribute.
 */
export class HtmlContext {
  private state:
    | "text"
    | "tagName"
    | "tag"
    | "attrName"
    | "afterName"
    | "beforeValue"
    | "value"
    | "comment"
    | "raw" = "text";
  private tagName = "";
  private attrName = "";
  private quote = "";
  private valueSoFar = "";
  private pending = "";

  feed(text: string): void {
    for (const ch of text) this.step(ch);
  }

  where(): Where {
    if (this.state === "beforeValue")
      return this.isUrlAttr() ? { in: "url", part: "start" } : { in: "attr" };
    if (this.state !== "value")
      return this.state === "text" || this.state === "raw" || this.state === "comment"
        ? { in: "text" }
        : { in: "attr" };
    if (!this.isUrlAttr()) return { in: "attr" };
    if (/[?#]/.test(this.valueSoFar)) return { in: "url", part: "query" };
    return { in: "url", part: this.valueSoFar.trim() === "" ? "start" : "path" };
  }

  /** A substitution in an unquoted value starts one; later literal text continues it. */
  substituted(): void {
    if (this.state === "beforeValue") {
      this.state = "value";
      this.quote = "";
      this.valueSoFar = "";
    }
  }

  private isUrlAttr(): boolean {
    return (
      URL_ATTRS.has(this.attrName) || this.attrName.endsWith("url") || this.attrName.endsWith("uri")
    );
  }

  private step(ch: string): void {
    switch (this.state) {
      case "text":
        if (this.pending) {
          this.pending += ch;
          if ("<!--".startsWith(this.pending)) {
            if (this.pending === "<!--") {
              this.state = "comment";
              this.pending = "";
            }
            return;
          }
          const next = this.pending[1];
          this.pending = "";
          if (/[A-Za-z/]/.test(next)) {
            this.state = "tagName";
            this.tagName = next === "/" ? "/" : next.toLowerCase();
          }
          return;
        }
        if (ch === "<") this.pending = "<";
        return;
      case "comment":
        this.pending = (this.pending + ch).slice(-3);
        if (this.pending === "-->") {
          this.state = "text";
          this.pending = "";
        }
        return;
      case "raw":
        this.pending = (this.pending + ch).toLowerCase().slice(-(this.tagName.length + 2));
        if (this.pending === `</${this.tagName}`) {
          this.state = "tag";
          this.pending = "";
          this.tagName = "";
        }
        return;
      case "tagName":
        if (/[\s/>]/.test(ch)) {
          this.state = "tag";
          this.step(ch);
        } else this.tagName += ch.toLowerCase();
        return;
      case "tag":
        if (ch === ">") this.closeTag();
        else if (!/[\s/]/.test(ch)) {
          this.state = "attrName";
          this.attrName = ch.toLowerCase();
        }
        return;
      case "attrName":
        if (ch === "=") this.state = "beforeValue";
        else if (ch === ">") this.closeTag();
        else if (/\s|\//.test(ch)) this.state = "afterName";
        else this.attrName += ch.toLowerCase();
        return;
      case "afterName":
        if (ch === "=") this.state = "beforeValue";
        else if (ch === ">") this.closeTag();
        else if (!/\s/.test(ch)) {
          this.state = "attrName";
          this.attrName = ch.toLowerCase();
        }
        return;
      case "beforeValue":
        if (/\s/.test(ch)) return;
        if (ch === ">") return this.closeTag();
        this.state = "value";
        this.valueSoFar = "";
        if (ch === '"' || ch === "'") this.quote = ch;
        else {
          this.quote = "";
          this.valueSoFar = ch;
        }
        return;
      case "value":
        if (this.quote ? ch === this.quote : /\s/.test(ch)) this.state = "tag";
        else if (!this.quote && ch === ">") this.closeTag();
        else this.valueSoFar += ch;
        return;
    }
  }

  private closeTag(): void {
    this.state =
      this.tagName === "script" ||
      this.tagName === "style" ||
      this.tagName === "title" ||
      this.tagName === "textarea"
        ? "raw"
        : "text";
    if (this.state === "text") this.tagName = "";
    this.pending = "";
  }
}

/** A substituted value, escaped for the place it lands in. */
export function escapeFor(where: Where, value: string): string {
  if (where.in !== "url") return escapeHtml(value);
  if (where.part === "query") return escapeHtml(urlProcess(value, false));
  const checked = where.part === "start" ? urlFilter(value) : value;
  return escapeHtml(urlProcess(checked, true));
}
