import "server-only";

import { cache } from "react";

import { profileFromClaims } from "@/lib/profile/session-profile";
import { getClaims } from "@/lib/supabase/server";

/** The signed-in person's profile as the session carries it, or null; once per request. */
export const getSessionProfile = cache(async () => profileFromClaims(await getClaims()));
