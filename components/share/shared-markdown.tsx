import Markdown, { defaultUrlTransform } from "react-markdown";

/**
 * A note's Markdown as HTML a visitor can trust: raw HTML in the note is shown as text (no
 * rehype-raw), and only http(s), mailto and relative URLs survive, so no script, event handler or
 * `javascript:` link from a note reaches the page. Links leave without the page as referrer.
 */
export function SharedMarkdown({ children }: { children: string }) {
  return (
    <Markdown
      skipHtml
      urlTransform={(url) => defaultUrlTransform(url)}
      components={{
        a: ({ href, children: text }) => (
          <a href={href} rel="noopener noreferrer nofollow ugc">
            {text}
          </a>
        ),
      }}
    >
      {children}
    </Markdown>
  );
}
