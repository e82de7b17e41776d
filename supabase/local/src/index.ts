/**
 * The local backend's public face: start one, read a project's config as it does, the well-known
 * local keys, and the types its clients see. Everything else in this package is internal.
 */
export { startLocalBackend, type LocalBackend, type StartOptions } from "./server";
export {
  ConfigError,
  loadConfig,
  parseDuration,
  type LoadConfigOptions,
  type LocalConfig,
} from "./config";
export { parseDotenv } from "./functions/env";
export { parseSize } from "./storage/config";
export { MigrationError } from "./migrations";
export { DatabaseRefusedError } from "./server-db";
export {
  CLUSTER_PASSWORD,
  findPostgresBin,
  INSTALL_HINT,
  startCluster,
  type Cluster,
  type ClusterOptions,
} from "./postgres-cluster";
export * from "./well-known-keys";
export type { MailMessage } from "./mail/mailer";
export {
  acceptWebSocket,
  json,
  type Backend,
  type Mount,
  type Service,
  type ServiceContext,
  type UpgradeHandler,
} from "./http";
export { formatStatus } from "./status";
