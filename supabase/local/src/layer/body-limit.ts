import { BodyError } from "../http";

/** How much of a refused body is still read and dropped so the connection can carry the next request. */
const DISCARD_LIMIT = 64 * 1024 * 1024;

export interface LimitedRequest {
  request: Request;
  /** True once the body was found to be over the limit. */
  exceeded(): boolean;
}

async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
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

/**
 * Holds a request body to `limit` bytes: a declared length over it fails the body at once, and a
 * body without one fails as soon as it passes the limit. The body still streams chunk by chunk, as
 * fast as the service reads it; the refused rest is read and dropped, never left in the socket.
 */
export function limitBody(req: Request, limit: number): LimitedRequest {
  const within = { request: req, exceeded: () => false };
  if (req.method === "GET" || req.method === "HEAD") return within;
  const declared = req.headers.get("content-length");
  // HTTP/1.1 framing already stops a body at its declared length.
  if (declared !== null && Number(declared) <= limit) return within;
  if (!req.body) return within;
  const reader = req.body.getReader();
  let exceeded = false;
  let size = 0;
  const refuse = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    exceeded = true;
    controller.error(tooLarge(limit));
    void discard(reader);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (declared !== null) refuse(controller);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > limit) return refuse(controller);
        controller.enqueue(value);
      },
      cancel() {
        void discard(reader);
      },
    },
    { highWaterMark: 0 },
  );
  return { request: withBody(req, body), exceeded: () => exceeded };
}
