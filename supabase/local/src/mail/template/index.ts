/**
 * The part of Go's html/template that Supabase's mail templates use: `{{ .Name }}` and
 * `{{ .Data.key }}` substitutions, `{{ if … }}` / `{{ else if … }}` / `{{ else }}` / `{{ end }}`
 * with `not`, `eq`, `ne`, `and`, `or`, comments and `{{-`/`-}}` trimming. Values are escaped for
 * where they land, as html/template does: HTML text and attributes get entities, URL attributes get
 * their value percent-encoded (fully after a `?` or `#`, normalised before) and an unsafe scheme at
 * the start of a URL becomes `#ZgotmplZ`. Anything else is a TemplateError, raised when parsing.
 */

import { escapeFor, HtmlContext } from "./escaper";
import { evaluate, goString, truthy } from "./evaluate";
import { parse, type Node } from "./parse";

export { TemplateError } from "./parse";

export interface Template {
  render(data: Record<string, unknown>): string;
}

/** Parses a template; a syntax error or an unsupported action throws a TemplateError. */
export function compileTemplate(src: string): Template {
  const nodes = parse(src);
  return {
    render(data) {
      const ctx = new HtmlContext();
      let out = "";
      const run = (list: Node[]) => {
        for (const node of list) {
          if (node.kind === "text") {
            ctx.feed(node.text);
            out += node.text;
          } else if (node.kind === "output") {
            out += escapeFor(ctx.where(), goString(evaluate(node.expr, data)));
            ctx.substituted();
          } else {
            const taken = node.branches.find((b) => truthy(evaluate(b.cond, data)));
            run(taken ? taken.body : node.otherwise);
          }
        }
      };
      run(nodes);
      return out;
    },
  };
}
