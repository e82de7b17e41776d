export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter ("?next=a&next=b" counts as "a"). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
