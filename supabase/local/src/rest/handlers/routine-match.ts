import { RestError } from "../errors";
import { closest } from "../fuzzy";
import { qualified, type Routine, type SchemaCache } from "../schema-types";

/** The request body's media type as function resolution sees it. */
export type BodyMedia = "json" | "text" | "xml" | "octet" | "form";

/** Which single unnamed parameter type receives the whole body of each media type. */
const WHOLE_BODY_TYPES: Record<BodyMedia, string[]> = {
  json: ["json", "jsonb"],
  text: ["text"],
  xml: ["xml"],
  octet: ["bytea"],
  form: [],
};

const rawBody = (media: BodyMedia) => media === "text" || media === "xml" || media === "octet";

function takesWholeBody(r: Routine, isPost: boolean, media: BodyMedia): boolean {
  return (
    isPost &&
    r.params.length === 1 &&
    r.params[0].name === "" &&
    WHOLE_BODY_TYPES[media].includes(r.params[0].type)
  );
}

/** A required parameter must be given; an optional one may be; nothing else may be. */
function matchesParams(r: Routine, keys: Set<string>, isPost: boolean, media: BodyMedia): boolean {
  if (!r.params.length) return keys.size === 0 && !(isPost && rawBody(media));
  const names = new Set(r.params.map((p) => p.name));
  return (
    [...keys].every((k) => names.has(k)) && r.params.every((p) => p.hasDefault || keys.has(p.name))
  );
}

function signature(r: Routine): string {
  return `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`;
}

const ambiguous = (routines: Routine[]) =>
  new RestError(
    300,
    "PGRST203",
    `Could not choose the best candidate function between: ${routines.map(signature).join(", ")}`,
    null,
    "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  );

/**
 * PostgREST's findProc: the overload whose parameters the argument names fit, else the one
 * taking the whole body as a single unnamed parameter, else PGRST202 or PGRST203.
 */
export function matchRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: string[],
  isPost: boolean,
  media: BodyMedia = "json",
): { routine: Routine; wholeBody: boolean } {
  const keys = new Set(argNames);
  const candidates = cache.routines.get(qualified(schema, name)) ?? [];
  const fits = candidates.filter((r) => matchesParams(r, keys, isPost, media));
  const fallbacks = candidates.filter((r) => !fits.includes(r) && takesWholeBody(r, isPost, media));
  // However it was chosen, a function whose one parameter is unnamed is called positionally with
  // the body (PostgREST's callPlan: `[prm] | ppName prm == mempty -> OnePosParam prm`).
  const positional = (r: Routine) => r.params.length === 1 && r.params[0].name === "";
  if (fits.length === 1) return { routine: fits[0], wholeBody: positional(fits[0]) };
  if (fits.length > 1) throw ambiguous(fits);
  if (fallbacks.length === 1) return { routine: fallbacks[0], wholeBody: true };
  if (fallbacks.length > 1) throw ambiguous(fallbacks);
  throw noRoutine(cache, schema, name, [...keys].sort(), isPost, media, candidates);
}

function noRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  media: BodyMedia,
  candidates: Routine[],
): RestError {
  const fn = `${schema}.${name}`;
  const onlySingle = isPost && rawBody(media);
  const params = keys.join(", ");
  const withParams = keys.length
    ? ` with parameter${keys.length > 1 ? "s" : ""} ${params}`
    : " without parameters";
  let searched = withParams;
  if (isPost && media === "text") searched = " with a single unnamed text parameter";
  else if (isPost && media === "xml") searched = " with a single unnamed xml parameter";
  else if (isPost && media === "octet") searched = " with a single unnamed bytea parameter";
  else if (isPost && media === "json")
    searched = `${withParams} or with a single unnamed json/jsonb parameter`;
  const message = `Could not find the function ${fn}${onlySingle ? "" : keys.length ? `(${params})` : " without parameters"} in the schema cache`;
  const details = `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`;
  return new RestError(
    404,
    "PGRST202",
    message,
    details,
    onlySingle ? null : rpcHint(cache, schema, name, keys, candidates),
  );
}

/** The closest function name, or for an existing name the closest parameter list of its overloads. */
function rpcHint(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  candidates: Routine[],
): string | null {
  const prefix = `Perhaps you meant to call the function ${schema}.`;
  if (!candidates.length) {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const best = closest(name, names);
    return best ? `${prefix}${best}` : null;
  }
  const asText = (names: string[]) => `(${[...names].sort().join(", ")})`;
  const best = closest(
    asText(keys),
    candidates.map((r) => asText(r.params.map((p) => p.name))),
  );
  return best ? `${prefix}${name}${best}` : null;
}
