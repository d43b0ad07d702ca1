import { toJSONSchema, type ZodType } from 'zod';

/**
 * A module's HTTP API in the form a release publishes it: for each endpoint (`GET /orders/:orderId`), the
 * JSON Schema of its answer. A service publishes what it returns (its `api-contract.ts`); a UI what it
 * reads, per service (its `api-reads.ts`): the schemas its answers are parsed with.
 */
export type ApiContract = Record<string, JsonSchema>;
/** What a UI reads, by the module whose service answers. */
export type ApiReads = Record<string, ApiContract>;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

/** The zod schemas of a contract as JSON Schema (the answers' shapes, as a client parses them). */
export function contractOf(schemas: Record<string, ZodType>): ApiContract {
  return Object.fromEntries(
    Object.entries(schemas).map(([endpoint, schema]) => [
      endpoint,
      toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema,
    ]),
  );
}

/** The branches a value may take (a union or nullable is any of them). */
const branchesOf = (schema: JsonSchema): JsonSchema[] => [
  schema,
  ...(schema.anyOf ?? []).flatMap(branchesOf),
  ...(schema.oneOf ?? []).flatMap(branchesOf),
  ...(schema.allOf ?? []).flatMap(branchesOf),
];

/**
 * Every field path of an answer (`totals.total`, `lines[].sku`): with `requiredOnly`, only those a
 * client cannot do without (required all the way down); else every one the answer may carry.
 */
export function fieldPaths(schema: JsonSchema, requiredOnly: boolean, prefix = ''): Set<string> {
  const paths = new Set<string>();
  for (const branch of branchesOf(schema)) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      if (requiredOnly && !branch.required?.includes(name)) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      paths.add(path);
      for (const inner of fieldPaths(property, requiredOnly, path)) paths.add(inner);
    }
    if (branch.items)
      for (const inner of fieldPaths(branch.items, requiredOnly, `${prefix}[]`)) paths.add(inner);
  }
  return paths;
}

/**
 * What a UI reads from a service that the service does not return, in words: an endpoint it calls that
 * the service lacks, or a field it requires that no answer of that endpoint carries. `ui` and `service`
 * name the two sides for the message (`checkout UI 0.2.0-…`, `live checkout service 0.1.0-…`).
 */
export function readsNotReturned(
  reads: ApiContract,
  returns: ApiContract,
  ui: string,
  service: string,
): string[] {
  const problems: string[] = [];
  for (const [endpoint, read] of Object.entries(reads)) {
    const answer = returns[endpoint];
    if (!answer) {
      problems.push(`${ui} calls ${endpoint}, which the ${service} does not serve`);
      continue;
    }
    const returned = fieldPaths(answer, false);
    for (const field of fieldPaths(read, true)) {
      if (!returned.has(field))
        problems.push(`${ui} needs ${field} from ${endpoint}, which the ${service} does not return`);
    }
  }
  return problems;
}
