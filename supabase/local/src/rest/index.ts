import { json, type Service } from "../http";

/** PostgREST-compatible database API under /rest/v1. */
export function createRestService(): Service {
  return async () => json({ code: "PGRST125", details: null, hint: null, message: "Invalid path specified in request URL" }, 404);
}
