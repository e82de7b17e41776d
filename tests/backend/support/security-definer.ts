/** What the backend's database answers queries with. */
interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A security definer function a project's migrations created, and who may call it. */
export interface DefinerFunction {
  signature: string;
  /** True while PUBLIC keeps the default EXECUTE, i.e. nobody decided who may call it. */
  publicCanExecute: boolean;
  /** Which API roles may call it now. */
  callers: string[];
}

/**
 * Every `security definer` function outside the schemas the platform itself provides (those the
 * backend's bootstrap creates before any migration), with its callers among the API roles.
 */
export async function definerFunctions(
  db: Queryable,
  platformSignatures: ReadonlySet<string>,
): Promise<DefinerFunction[]> {
  const { rows } = await db.query<{
    signature: string;
    public_execute: boolean;
    anon: boolean;
    authenticated: boolean;
  }>(
    `select p.oid::regprocedure::text as signature,
            p.proacl is null or exists (
              select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'
            ) as public_execute,
            has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
            has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
     order by 1`,
  );
  return rows
    .filter((r) => !platformSignatures.has(r.signature))
    .map((r) => ({
      signature: r.signature,
      publicCanExecute: r.public_execute,
      callers: (["anon", "authenticated"] as const).filter((role) => r[role]),
    }));
}

/** What is wrong with the grants of these functions, given the decisions a project made. */
export function grantProblems(
  found: DefinerFunction[],
  decisions: Readonly<Record<string, readonly string[]>>,
): string[] {
  const problems: string[] = [];
  for (const fn of found) {
    const decided = decisions[fn.signature];
    if (!decided) {
      problems.push(`${fn.signature} has no grant decision`);
      continue;
    }
    if (fn.publicCanExecute)
      problems.push(`${fn.signature}: PUBLIC may still execute it; revoke execute from public`);
    const want = [...decided].sort().join(", ") || "nobody";
    const have = fn.callers.join(", ") || "nobody";
    if (want !== have) problems.push(`${fn.signature}: callable by ${have}, decided ${want}`);
  }
  return problems;
}
