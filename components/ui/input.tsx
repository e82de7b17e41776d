import * as React from "react";

import { cn } from "@/lib/utils";

/** The field's look is one class, `input` (globals.css, components layer): its own utilities win. */
function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn("input", className)} {...props} />;
}

export { Input };
