import { BodyError } from "../http";

/** How much of an unread body is still read and dropped so the connection can carry the next request. */
const DISCARD_LIMIT = 64 * 1024 * 1024;

export interface LimitedRequest {
  request: Request;
  /** True once the body was found to be over the limit. */
  exceeded(): boolean;
  /** Reads and drops what the service left unread; resolves when the body has ended. */
  discardRest(): Promise<void>;
}

function tooLarge(limit: number): BodyError {
  return new BodyError("too_large", `request body is larger than the limit of ${limit} bytes`);
}

function withBody(req: Request, body: ReadableStream<Uint8Array>): Request {
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body,
    signal: req.signal,
    duplex: "half",
  } as RequestInit);
}

const untouched = (request: Request): LimitedRequest => ({
  request,
  exceeded: () => false,
  discardRest: () => Promise.resolve(),
});

/**
 * Holds a request body to `limit` bytes: a declared length over it fails the body at once, and a
 * body without one fails as soon as it passes the limit. The body still streams chunk by chunk, as
 * fast as the service reads it. Whatever is left unread (a refused body, or one a service did not
 * need) is read and dropped after the answer, never left in the socket in front of the next request.
 */
export function limitBody(req: Request, limit: number): LimitedRequest {
  if (req.method === "GET" || req.method === "HEAD" || !req.body) return untouched(req);
  const declared = req.headers.get("content-length");
  const reader = req.body.getReader();
  let exceeded = false;
  let discarded: Promise<void> | null = null;
  let size = 0;

  const discardRest = () =>
    (discarded ??= (async () => {
      let dropped = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          dropped += value.byteLength;
          // Past this the client is sending on regardless; dropping the connection is cheaper.
          if (dropped > DISCARD_LIMIT) return void (await reader.cancel());
        }
      } catch {
        // The client went away; nothing is left to drop.
      }
    })());

  const refuse = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    exceeded = true;
    controller.error(tooLarge(limit));
    void discardRest();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (declared !== null && Number(declared) > limit) refuse(controller);
      },
      async pull(controller) {
        if (discarded) return;
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > limit) return refuse(controller);
        controller.enqueue(value);
      },
      cancel() {
        void discardRest();
      },
    },
    { highWaterMark: 0 },
  );
  return { request: withBody(req, body), exceeded: () => exceeded, discardRest };
}
