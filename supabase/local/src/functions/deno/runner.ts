// Runs one edge function in its own Deno process, as the edge runtime runs it in a user worker:
// the function's `Deno.serve(handler)` is bound to a free loopback port that the backend proxies to.
// Lines starting with the nonce are for the backend; everything else the function prints is its log.

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const entry = Deno.args[0];
const nonce = Deno.env.get("SUPABASE_LOCAL_FUNCTION_NONCE") ?? "";
Deno.env.delete("SUPABASE_LOCAL_FUNCTION_NONCE");

const encoder = new TextEncoder();
function tell(message: string): void {
  Deno.stdout.writeSync(encoder.encode(`${nonce} ${message}\n`));
}

// The edge runtime's answer when a function throws instead of answering.
function workerError(): Response {
  return Response.json(
    { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
    { status: 500 },
  );
}

function bootError(reason: unknown): never {
  console.error(reason);
  tell("boot-error");
  Deno.exit(1);
}

// The backend holds our stdin open; when it ends in any way, even killed outright, so do we.
(async () => {
  for await (const _ of Deno.stdin.readable);
  Deno.exit(0);
})();

const serve = Deno.serve.bind(Deno);
let served = false;

(Deno as unknown as { serve: unknown }).serve = (...args: unknown[]) => {
  const [first, second] = args;
  const options = (typeof first === "function" ? {} : (first ?? {})) as Record<string, unknown>;
  const handler = (typeof first === "function" ? first : (second ?? options.handler)) as Handler;
  if (typeof handler !== "function") bootError(new TypeError("Deno.serve needs a handler"));
  if (served) bootError(new Error("Deno.serve was called more than once"));
  served = true;
  return serve(
    {
      hostname: "127.0.0.1",
      port: 0,
      onListen: ({ port }) => tell(`ready ${port}`),
      onError: (err) => {
        console.error(err);
        return workerError();
      },
    },
    async (req, info) => {
      try {
        return await handler(req, info);
      } catch (err) {
        console.error(err);
        return workerError();
      }
    },
  );
};

// Functions written for hosted Supabase may keep work going after answering.
const globals = globalThis as unknown as { EdgeRuntime?: unknown };
globals.EdgeRuntime ??= {
  waitUntil: (promise: Promise<unknown>) => promise.catch((err) => console.error(err)),
};

try {
  await import(entry);
} catch (err) {
  bootError(err);
}
if (!served) bootError(new Error("the function never called Deno.serve"));
