/**
 * The local backend's public face: start one, read a project's config as it does, and the types its
 * clients and tests see. The well-known keys are `@groundwork/local-backend/keys`. Everything else in
 * this package is internal.
 */
export { startLocalBackend, type LocalBackend, type StartOptions } from "./server";
export { ConfigError, loadConfig } from "./config/config";
export { parseDotenv } from "./functions/env";
export { parseSize } from "./storage/config";
export { MigrationError } from "./database/migrations";
export { moveIn, type MovedTable, type MoveInOptions } from "./database/move-in";
export {
  findPostgresBin,
  INSTALL_HINT,
  startCluster,
  CLUSTER_LOCALE,
  stopLeftoverCluster,
  type Cluster,
} from "./database/postgres-cluster";
export type { MailMessage } from "./mail/mailer";
export { acceptWebSocket, type Mount } from "./http";
export { formatStatus } from "./status";
