/**
 * A liveness check for load balancers and uptime monitors: answers as soon as the server and its
 * proxy do, and renders nothing, so it also shows what the framework alone costs per request.
 */
export const dynamic = "force-dynamic";

export function GET() {
  return new Response("ok\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
