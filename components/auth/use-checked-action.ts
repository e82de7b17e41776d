"use client";

import { useActionState } from "react";
import type { z } from "zod";

import { checkedInBrowser, type ActionState, type FormAction } from "@/lib/auth/action-state";

/** A server action's state for a form, with the action's own schema checked in the browser first. */
export function useCheckedAction<S extends z.ZodType>(schema: S, action: FormAction) {
  return useActionState<ActionState, FormData>(checkedInBrowser(schema, action), {});
}
