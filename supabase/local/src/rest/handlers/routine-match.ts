import { RestError } from "../errors";
import { closest } from "../fuzzy";
import { qualified, type Routine, type SchemaCache } from "../schema-types";

const takesWholeBody = (r: Routine) =>
  r.params.length === 1 && r.params[0].name === "" && /^jsonb?$/.test(r.params[0].type);

/** Chooses the function PostgREST would call for these argument names (PGRST202/203 otherwise). */
export function matchRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: string[],
  isPost: boolean,
): { routine: Routine; wholeBody: boolean } {
  const candidates = cache.routines.get(qualified(schema, name)) ?? [];
  const fits = candidates.filter((r) => {
    const names = r.params.map((p) => p.name);
    return (
      argNames.every((a) => names.includes(a)) &&
      r.params.every((p) => p.hasDefault || argNames.includes(p.name))
    );
  });
  if (fits.length === 1) return { routine: fits[0], wholeBody: false };
  if (fits.length > 1) {
    const list = fits
      .map(
        (r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(", ")})`,
      )
      .join(", ");
    throw new RestError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${list}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    );
  }
  const whole = isPost ? candidates.find(takesWholeBody) : undefined;
  if (whole) return { routine: whole, wholeBody: true };

  const params = argNames.join(", ");
  const detailParams = argNames.length
    ? ` with parameter${argNames.length > 1 ? "s" : ""} ${params}`
    : " without parameters";
  let hint: string | null = null;
  if (candidates.length) {
    const options = candidates.map(
      (r) =>
        `(${r.params
          .map((p) => p.name)
          .sort()
          .join(", ")})`,
    );
    const best = closest(`(${[...argNames].sort().join(", ")})`, options);
    hint = best ? `Perhaps you meant to call the function ${schema}.${name}${best}` : null;
  } else {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const best = closest(name, names);
    hint = best ? `Perhaps you meant to call the function ${schema}.${best}` : null;
  }
  throw new RestError(
    404,
    "PGRST202",
    `Could not find the function ${schema}.${name}${argNames.length ? `(${params})` : " without parameters"} in the schema cache`,
    `Searched for the function ${schema}.${name}${detailParams}${isPost ? " or with a single unnamed json/jsonb parameter" : ""}, but no matches were found in the schema cache.`,
    hint,
  );
}
