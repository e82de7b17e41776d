/** The bodies and statuses the edge runtime's main worker answers with (as `supabase functions serve`). */
export function functionNotFound(): Response {
  return new Response("Function not found", {
    status: 404,
    headers: { "content-type": "text/plain" },
  });
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
