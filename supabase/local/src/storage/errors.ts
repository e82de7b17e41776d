/**
 * Errors as storage-api renders them: `{statusCode, code, error, message}` where statusCode is the
 * meaning as a string, while the HTTP status is 400 for everything but server errors and the few
 * routes that set their own (storage-js reads both).
 */
export class StorageApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }

  response(): Response {
    return Response.json(this.body(), { status: this.httpStatus });
  }
}

export const errors = {
  noSuchBucket: () =>
    new StorageApiError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageApiError(404, "NoSuchKey", "Object not found", "not_found"),
  noSuchUpload: () => new StorageApiError(404, "NoSuchUpload", "Upload not found", "not_found"),
  invalidKey: (key: string) => new StorageApiError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageApiError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  keyExists: () =>
    new StorageApiError(409, "KeyAlreadyExists", "The resource already exists", "Duplicate"),
  bucketExists: () =>
    new StorageApiError(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  resourceExists: () =>
    new StorageApiError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () =>
    new StorageApiError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  tooLarge: (limit = "the maximum allowed size") =>
    new StorageApiError(413, "EntityTooLarge", `The object exceeded ${limit}`, "Payload too large"),
  invalidMime: (mime: string) =>
    new StorageApiError(
      415,
      "InvalidMimeType",
      `mime type ${mime} is not supported`,
      "invalid_mime_type",
    ),
  /** storage-api's answer to a Content-Type that is not one media type (error-handler.ts). */
  invalidContentType: () =>
    new StorageApiError(415, "InvalidMimeType", "Invalid Content-Type header", "invalid_mime_type"),
  accessDenied: (message: string) =>
    new StorageApiError(403, "AccessDenied", message || "Access denied", "Unauthorized"),
  invalidJwt: (message: string) => new StorageApiError(400, "InvalidJWT", message || "Invalid JWT"),
  invalidSignature: (message = "Invalid signature") =>
    new StorageApiError(400, "InvalidSignature", message),
  expiredSignature: () =>
    new StorageApiError(400, "ExpiredToken", "The provided token has expired."),
  invalidRequest: (message: string) => new StorageApiError(400, "InvalidRequest", message),
  invalidParameter: (name: string) =>
    new StorageApiError(400, "InvalidParameter", `Invalid Parameter ${name}`),
  missingParameter: (name: string) =>
    new StorageApiError(400, "MissingParameter", `Missing Required Parameter ${name}`),
  featureNotEnabled: (feature: string) =>
    new StorageApiError(
      400,
      "FeatureNotEnabled",
      `The feature ${feature} is not enabled for this resource`,
    ),
  notFound: (method: string, path: string) =>
    new StorageApiError(404, "NotFound", `Route ${method}:${path} not found`, "Not Found", 404),
};

/** Maps a Postgres error the way storage-api's DBError does; anything else is rethrown. */
export function fromDatabaseError(err: unknown): StorageApiError | null {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code !== "string") return null;
  switch (e.code) {
    case "42501":
      return errors.accessDenied(
        e.message?.includes("row-level security")
          ? "new row violates row-level security policy"
          : (e.message ?? ""),
      );
    case "23505":
      return errors.resourceExists();
    case "22P02":
    // A NUL or invalid byte in a name can name nothing that exists: bad input, not a fault.
    case "22021":
      return new StorageApiError(400, "InvalidParameter", e.message ?? "Invalid value");
    default:
      return new StorageApiError(500, "DatabaseError", `database error, code: ${e.code}`);
  }
}
