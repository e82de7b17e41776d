/** The bodies and statuses the edge runtime answers with, as on hosted Supabase. */

/**
 * A name no function has: hosted answers JSON with `sb-error-code` (the CLI's `functions serve` still
 * answers plain text, but supabase-js and people see the hosted one in production).
 */
export function functionNotFound(): Response {
  return Response.json(
    { code: "NOT_FOUND", message: "Requested function was not found" },
    { status: 404, headers: { "sb-error-code": "NOT_FOUND" } },
  );
}

export function bootError(): Response {
  return Response.json(
    { code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" },
    { status: 503 },
  );
}

export function workerError(): Response {
  return Response.json(
    { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
    { status: 500 },
  );
}

export function workerLimit(): Response {
  return Response.json(
    {
      code: "WORKER_LIMIT",
      message: "Worker failed to respond due to a resource limit (please check logs)",
    },
    { status: 546 },
  );
}

export function unauthorized(msg: string): Response {
  return Response.json({ msg }, { status: 401 });
}
