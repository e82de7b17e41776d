import { json, type Service } from "../http";

/** GoTrue-compatible auth API under /auth/v1. */
export function createAuthService(): Service {
  return async (_req, { path }) => {
    if (path === "/health") return json({ version: "local", name: "GoTrue", description: "GoTrue is a user registration and authentication API" });
    return json({ code: 404, error_code: "not_found", msg: "Not Found" }, 404);
  };
}
