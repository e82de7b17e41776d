import Markdown, { defaultUrlTransform } from "react-markdown";
import { DownloadIcon } from "lucide-react";

import { FileTypeIcon } from "@/components/attachments/file-icon";
import { typeFromName } from "@/lib/attachments/limits";
import { ATTACHMENT_SCHEME, pathFromUrl } from "@/lib/attachments/paths";
import type { SharedFiles } from "@/lib/attachments/shared-files";

/**
 * A note's Markdown as HTML a visitor can trust: raw HTML in the note is shown as text (no
 * rehype-raw), and only http(s), mailto and relative URLs survive, so no script, event handler or
 * `javascript:` link from a note reaches the page. Links leave without the page as referrer.
 * `attachment:` references become the signed links the server made for this note's own files;
 * one it did not sign shows as its name alone.
 */
export function SharedMarkdown({
  children,
  files = {},
}: {
  children: string;
  files?: SharedFiles;
}) {
  return (
    <Markdown
      skipHtml
      urlTransform={(url) =>
        url.startsWith(ATTACHMENT_SCHEME) ? (pathFromUrl(url) ? url : "") : defaultUrlTransform(url)
      }
      components={{
        a: ({ href, children: text }) => {
          const path = pathFromUrl(href);
          if (!path) {
            return (
              <a href={href} rel="noopener noreferrer nofollow ugc">
                {text}
              </a>
            );
          }
          const file = files[path];
          if (!file) return <span data-attachment-missing>{text}</span>;
          const name = typeof text === "string" ? text : "";
          return (
            <a
              href={file.download}
              download={name || undefined}
              data-attachment="file"
              className="not-prose inline-flex max-w-full items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm font-medium no-underline hover:bg-accent"
            >
              <FileTypeIcon
                type={typeFromName(name)}
                className="size-5 shrink-0 text-muted-foreground"
              />
              <span className="truncate">{text}</span>
              <DownloadIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </a>
          );
        },
        img: ({ src, alt }) => {
          const path = pathFromUrl(typeof src === "string" ? src : undefined);
          if (!path) {
            if (typeof src === "string" && src.startsWith(ATTACHMENT_SCHEME)) return null;
            // eslint-disable-next-line @next/next/no-img-element -- a picture the note links to
            return <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} />;
          }
          const file = files[path];
          if (!file?.rendition) return <span data-attachment-missing>{alt}</span>;
          return (
            <a href={file.original} data-attachment="image" className="inline-block">
              {/* eslint-disable-next-line @next/next/no-img-element -- a signed Storage URL */}
              <img src={file.rendition} alt={alt ?? ""} className="max-w-full rounded-md" />
            </a>
          );
        },
      }}
    >
      {children}
    </Markdown>
  );
}
