"use client";

import { initialsOf } from "@/components/account/avatar";
import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import type { PersonHere } from "@/lib/notes/presence";
import { avatarUrl } from "@/lib/profile/session-profile";

const SHOWN = 3;
const SIZE = 24;

/**
 * Who else has the note open right now: up to three faces (or initials on their colour), then how
 * many more. Each says "<name> is here" to a pointer's tooltip and to a screen reader.
 */
export function PeopleHere({ people }: { people: PersonHere[] }) {
  const { url } = useSupabaseConfig();
  if (people.length === 0) return null;
  const shown = people.slice(0, SHOWN);
  const more = people.slice(SHOWN);
  return (
    <ul aria-label="People here" className="flex items-center -space-x-1.5" data-people-here>
      {shown.map((p) => {
        const label = `${p.name} is here`;
        return (
          <li key={p.userId} className="flex">
            <span
              role="img"
              aria-label={label}
              title={label}
              data-person={p.name}
              style={{ width: SIZE, height: SIZE, backgroundColor: p.color, borderColor: p.color }}
              className="flex items-center justify-center overflow-hidden rounded-full border-2 text-[10px] font-semibold text-white ring-2 ring-background"
            >
              {p.avatarPath ? (
                // A Storage rendition at the right size; next/image would only resize it again.
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={avatarUrl(url, p.avatarPath, SIZE)}
                  alt=""
                  width={SIZE}
                  height={SIZE}
                  className="size-full object-cover"
                />
              ) : (
                initialsOf(p.name)
              )}
            </span>
          </li>
        );
      })}
      {more.length > 0 && (
        <li className="flex">
          <span
            role="img"
            aria-label={`Also here: ${more.map((p) => p.name).join(", ")}`}
            title={more.map((p) => `${p.name} is here`).join("\n")}
            style={{ width: SIZE, height: SIZE }}
            className="flex items-center justify-center rounded-full bg-muted text-[10px] font-semibold text-foreground ring-2 ring-background"
          >
            +{more.length}
          </span>
        </li>
      )}
    </ul>
  );
}
