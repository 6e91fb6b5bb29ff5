import type { JsonSchema } from "./openapi-types";
import { schemaNameOf } from "./openapi-types";

function SchemaLink({ reference }: { reference: string }) {
  const name = schemaNameOf(reference);
  return (
    <a href={`#schema-${name}`} className="font-mono text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600">
      {name}
    </a>
  );
}

const isNull = (schema: JsonSchema) => schema.type === "null";

/** The type of a schema in a few words: "integer", "array of Card", "string or null". */
export function TypeLabel({ schema }: { schema: JsonSchema }) {
  if (schema.$ref) return <SchemaLink reference={schema.$ref} />;
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => !isNull(option));
    const nullable = options.length < schema.anyOf.length;
    return (
      <>
        {options.map((option, index) => (
          <span key={index}>
            {index > 0 && " or "}
            <TypeLabel schema={option} />
          </span>
        ))}
        {nullable && " or null"}
      </>
    );
  }
  if (schema.type === "array") {
    return <>array of {schema.items ? <TypeLabel schema={schema.items} /> : "anything"}</>;
  }
  if (Array.isArray(schema.type)) return <>{schema.type.join(" or ")}</>;
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return (
      <>
        map of <TypeLabel schema={schema.additionalProperties} />
      </>
    );
  }
  return <>{schema.type ?? "any"}</>;
}

const show = (value: unknown) => JSON.stringify(value);

/** Bounds, enums, formats and defaults, as short phrases. */
function constraintsOf(schema: JsonSchema): string[] {
  const target = schema.anyOf?.find((option) => !isNull(option)) ?? schema;
  const notes: string[] = [];
  if (target.enum) notes.push(`one of ${target.enum.map(show).join(", ")}`);
  if (target.const !== undefined) notes.push(`always ${show(target.const)}`);
  if (target.minimum !== undefined && target.maximum !== undefined) notes.push(`${target.minimum} to ${target.maximum}`);
  else if (target.minimum !== undefined) notes.push(`at least ${target.minimum}`);
  else if (target.maximum !== undefined) notes.push(`at most ${target.maximum}`);
  if (target.minLength !== undefined && target.maxLength !== undefined) notes.push(`${target.minLength}–${target.maxLength} characters`);
  else if (target.maxLength !== undefined) notes.push(`up to ${target.maxLength} characters`);
  if (target.minItems !== undefined || target.maxItems !== undefined) notes.push(`${target.minItems ?? 0}–${target.maxItems ?? "∞"} items`);
  if (target.format) notes.push(target.format);
  if (target.pattern) notes.push(`matches ${target.pattern}`);
  if (target.propertyNames?.pattern) notes.push(`keys match ${target.propertyNames.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${show(schema.default)}`);
  return notes;
}

/** The object an array or union holds inline, if any, to list its fields below. */
function innerObject(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type === "object" && schema.properties) return schema;
  if (schema.type === "array" && schema.items) return innerObject(schema.items);
  return schema.anyOf?.map(innerObject).find(Boolean);
}

/** A JSON Schema as a readable list of fields: name, type, required, bounds, description. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const object = innerObject(schema);
  if (!object?.properties) {
    const notes = constraintsOf(schema);
    return (
      <p className="text-sm text-slate-700">
        <TypeLabel schema={schema} />
        {notes.length > 0 && <span className="text-slate-500"> · {notes.join(" · ")}</span>}
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <div>
      {schema !== object && (
        <p className="mb-2 text-sm text-slate-700">
          <TypeLabel schema={schema} />
        </p>
      )}
      <dl className={`divide-y divide-slate-100 text-sm ${depth > 0 ? "mt-2 border-l-2 border-slate-200 pl-3" : ""}`}>
        {Object.entries(object.properties).map(([name, property]) => {
          const notes = constraintsOf(property);
          const nested = depth < 2 && !property.$ref ? innerObject(property) : undefined;
          return (
            <div key={name} className="py-2">
              <dt className="flex flex-wrap items-baseline gap-x-2">
                <code className="font-mono text-[13px] font-semibold text-slate-900">{name}</code>
                <span className="text-xs text-slate-600">
                  <TypeLabel schema={property} />
                </span>
                {required.has(name) && <span className="text-xs font-medium text-rose-700">required</span>}
              </dt>
              <dd className="mt-0.5 text-xs leading-5 text-slate-600">
                {property.description && <p>{property.description}</p>}
                {notes.length > 0 && <p className="break-words text-slate-500">{notes.join(" · ")}</p>}
                {nested && <SchemaView schema={nested} depth={depth + 1} />}
              </dd>
            </div>
          );
        })}
      </dl>
      {object.additionalProperties === false && <p className="mt-1 text-xs text-slate-500">Other fields are refused.</p>}
    </div>
  );
}
