"use client";

import { useActionState } from "react";
import type { z } from "zod";

import type { ActionState, FormAction } from "@/lib/auth/action-state";
import type * as schemaModule from "@/lib/auth/schemas";

type Schemas = typeof schemaModule;
type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];

// The schemas (and zod with them) load when someone starts on a form, not with the page.
const loadChecks = () =>
  Promise.all([import("@/lib/auth/schemas"), import("@/lib/auth/action-state")]);

/** Starts loading the form's checks early: for a form's onFocus. */
export function prepareChecks(): void {
  void loadChecks().catch(() => {});
}

/**
 * A server action's state for a form, with the action's own schema (named from lib/auth/schemas)
 * checked in the browser first. If the checks cannot load, the server action still validates.
 */
export function useCheckedAction(schema: SchemaName, action: FormAction) {
  return useActionState<ActionState, FormData>(async (previous, formData) => {
    const loaded = await loadChecks().catch(() => null);
    if (!loaded) return action(previous, formData);
    const [schemas, { checkedInBrowser }] = loaded;
    return checkedInBrowser(schemas[schema] as z.ZodType, action)(previous, formData);
  }, {});
}
