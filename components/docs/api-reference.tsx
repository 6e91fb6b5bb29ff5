import type { ReactNode } from "react";
import {
  accessOf,
  operationsByTag,
  resolveParameter,
  resolveResponse,
  schemaNameOf,
  type JsonSchema,
  type MediaType,
  type OpenApiDoc,
  type OperationEntry,
} from "./openapi-types";
import { SchemaView, TypeLabel } from "./schema-view";
import { TryIt, type TryItField } from "./try-it";
import { McpExtensions } from "./mcp-extensions";

const METHOD_TONES: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-rose-100 text-rose-800",
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase ${METHOD_TONES[method] ?? "bg-slate-100"}`}
    >
      {method}
    </span>
  );
}

/** `code` and **bold** in the document's descriptions; everything else is plain text. */
function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith("`") ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[13px] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : part.startsWith("**") ? (
          <strong key={index} className="font-semibold text-slate-900">
            {part.slice(2, -2)}
          </strong>
        ) : (
          part
        ),
      )}
    </>
  );
}

function CodeBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="keep-light-palette max-h-80 overflow-auto rounded-lg bg-slate-900 px-3 py-2.5 font-mono text-xs leading-5 text-slate-100"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="group mt-2">
      <summary className="cursor-pointer rounded text-xs font-medium text-indigo-700 select-none hover:text-indigo-900">{summary}</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

function H4({ children }: { children: ReactNode }) {
  return <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h4>;
}

/** A request or response body: the schema's fields (a named schema inline, with a link to it) and an example. */
function BodyView({ doc, media, label }: { doc: OpenApiDoc; media: MediaType; label: string }) {
  const reference = media.schema?.$ref;
  const schema: JsonSchema | undefined = reference ? doc.components.schemas[schemaNameOf(reference)] : media.schema;
  return (
    <div>
      {reference && (
        <p className="mb-1 text-xs text-slate-500">
          Schema <TypeLabel schema={{ $ref: reference }} />
        </p>
      )}
      {schema && <SchemaView schema={schema} />}
      {media.example !== undefined && (
        <Disclosure summary="Example">
          <CodeBlock value={media.example} label={`${label} example`} />
        </Disclosure>
      )}
    </div>
  );
}

function OperationView({ doc, entry, signedIn }: { doc: OpenApiDoc; entry: OperationEntry; signedIn: boolean }) {
  const { method, path, operation } = entry;
  const headingId = `op-${operation.operationId}-title`;
  const parameters = (operation.parameters ?? []).map((parameter) => resolveParameter(doc, parameter));
  const body = operation.requestBody?.content["application/json"];
  const access = accessOf(operation);
  const fieldsIn = (place: string): TryItField[] =>
    parameters
      .filter((parameter) => parameter.in === place)
      .map((parameter) => ({
        name: parameter.name,
        description: parameter.description,
        required: parameter.required,
        placeholder: parameter.example ? String(parameter.example) : undefined,
      }));

  return (
    <article
      id={`op-${operation.operationId}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <MethodBadge method={method} />
        <code className="font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
        <span className="text-base font-semibold text-slate-700">{operation.summary}</span>
      </h3>
      {operation.description && <p className="mt-2 text-sm leading-6 text-slate-600">{operation.description}</p>}
      <p className="mt-2 text-xs text-slate-500">Authentication: {access.label}</p>
      <McpExtensions operation={operation} />

      {parameters.length > 0 && (
        <section className="mt-5">
          <H4>Parameters</H4>
          <dl className="divide-y divide-slate-100 text-sm">
            {parameters.map((parameter) => (
              <div key={`${parameter.in}-${parameter.name}`} className="py-2">
                <dt className="flex flex-wrap items-baseline gap-x-2">
                  <code className="font-mono text-[13px] font-semibold text-slate-900">{parameter.name}</code>
                  <span className="text-xs text-slate-500">{parameter.in}</span>
                  {parameter.schema && (
                    <span className="text-xs text-slate-600">
                      <TypeLabel schema={parameter.schema} />
                    </span>
                  )}
                  {parameter.required && <span className="text-xs font-medium text-rose-700">required</span>}
                </dt>
                <dd className="mt-0.5 text-xs leading-5 text-slate-600">
                  {parameter.description}
                  {parameter.schema && <SchemaConstraints schema={parameter.schema} />}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {body && (
        <section className="mt-5">
          <H4>Request body{operation.requestBody?.description ? ` · ${operation.requestBody.description}` : ""}</H4>
          <BodyView doc={doc} media={body} label="Request body" />
        </section>
      )}

      <section className="mt-5">
        <H4>Responses</H4>
        <ul className="space-y-3">
          {Object.entries(operation.responses).map(([status, raw]) => {
            const response = resolveResponse(doc, raw);
            const media = response.content?.["application/json"];
            return (
              <li key={status} className="text-sm">
                <p>
                  <span
                    className={`mr-2 font-mono font-semibold ${status.startsWith("2") ? "text-emerald-700" : status === "default" || Number(status) >= 400 ? "text-rose-700" : "text-sky-700"}`}
                  >
                    {status}
                  </span>
                  <span className="text-slate-700">{response.description}</span>
                  {response.headers && <span className="text-xs text-slate-500"> · headers: {Object.keys(response.headers).join(", ")}</span>}
                </p>
                {media && status.startsWith("2") ? (
                  <div className="mt-2 ml-4">
                    <BodyView doc={doc} media={media} label={`${status} response`} />
                  </div>
                ) : (
                  media && (
                    <p className="mt-0.5 ml-4 text-xs text-slate-500">
                      Body: <TypeLabel schema={media.schema ?? {}} />
                    </p>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <details className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <summary className="cursor-pointer text-sm font-semibold text-indigo-700 select-none hover:text-indigo-900">Try it</summary>
        <div className="mt-4">
          {!access.cookie ? (
            <p className="text-sm text-slate-600">
              This endpoint takes a bearer credential ({access.label}), not a web session: connect an MCP client to it (see the README).
            </p>
          ) : !signedIn ? (
            <p className="text-sm text-slate-600">
              <a href="/sign-in" className="font-medium text-indigo-700 underline underline-offset-2">
                Sign in
              </a>{" "}
              to send requests from this page.
            </p>
          ) : (
            <TryIt
              method={method}
              path={path}
              pathParams={fieldsIn("path")}
              queryParams={fieldsIn("query")}
              headers={fieldsIn("header")}
              exampleBody={body ? JSON.stringify(body.example ?? {}, null, 2) : undefined}
            />
          )}
        </div>
      </details>
    </article>
  );
}

function SchemaConstraints({ schema }: { schema: JsonSchema }) {
  const notes = [
    schema.enum && `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`,
    schema.minimum !== undefined && schema.maximum !== undefined && `${schema.minimum} to ${schema.maximum}`,
    schema.maxLength !== undefined && `up to ${schema.maxLength} characters`,
    schema.default !== undefined && `default ${JSON.stringify(schema.default)}`,
  ].filter(Boolean);
  return notes.length ? <span className="block text-slate-500">{notes.join(" · ")}</span> : null;
}

/**
 * The interactive API reference: every operation of the OpenAPI document by tag, with its
 * parameters, bodies, responses and examples, the schemas, and (signed in) a form to try it.
 */
export function ApiReference({ doc, signedIn }: { doc: OpenApiDoc; signedIn: boolean }) {
  const tags = operationsByTag(doc);
  const paragraphs = (doc.info.description ?? "").split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, " "));

  return (
    <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="API reference" className="mb-8 lg:sticky lg:top-24 lg:mb-0 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
        <ul className="space-y-4 text-sm">
          <li>
            <a href="#overview" className="font-semibold text-slate-900 hover:text-indigo-700">
              Overview
            </a>
          </li>
          {tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name.replace(/\W+/g, "-")}`} className="font-semibold text-slate-900 hover:text-indigo-700">
                {tag.name}
              </a>
              <ul className="mt-1.5 space-y-1 border-l border-slate-200 pl-3">
                {tag.operations.map(({ method, operation }) => (
                  <li key={operation.operationId}>
                    <a href={`#op-${operation.operationId}`} className="flex items-baseline gap-2 text-slate-600 hover:text-indigo-700">
                      <span className="w-12 shrink-0 font-mono text-[11px] font-bold text-slate-500 uppercase">{method}</span>
                      {operation.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#schemas" className="font-semibold text-slate-900 hover:text-indigo-700">
              Schemas
            </a>
          </li>
        </ul>
      </nav>

      <div className="min-w-0 space-y-12">
        <section id="overview" aria-labelledby="overview-title" className="scroll-mt-24">
          <h1 id="overview-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            {doc.info.title} <span className="text-base font-normal text-slate-500">v{doc.info.version}</span>
          </h1>
          <div className="mt-3 max-w-3xl space-y-3 text-sm leading-6 text-slate-600">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>
                <InlineMarkdown text={paragraph} />
              </p>
            ))}
            <p>
              The machine-readable document:{" "}
              <a href="/api/openapi.json" className="font-mono font-medium text-indigo-700 underline underline-offset-2">
                /api/openapi.json
              </a>{" "}
              (OpenAPI 3.1).
              {!signedIn && " Sign in to try requests from this page."}
            </p>
          </div>
        </section>

        {tags.map((tag) => {
          const id = `tag-${tag.name.replace(/\W+/g, "-")}`;
          return (
            <section key={tag.name} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-4">
              <div>
                <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
                  {tag.name}
                </h2>
                {tag.description && <p className="mt-1 text-sm text-slate-600">{tag.description}</p>}
              </div>
              {tag.operations.map((entry) => (
                <OperationView key={entry.operation.operationId} doc={doc} entry={entry} signedIn={signedIn} />
              ))}
            </section>
          );
        })}

        <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-24 space-y-4">
          <h2 id="schemas-title" className="text-xl font-semibold text-slate-900">
            Schemas
          </h2>
          {Object.entries(doc.components.schemas).map(([name, schema]) => (
            <section
              key={name}
              id={`schema-${name}`}
              aria-labelledby={`schema-${name}-title`}
              className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <h3 id={`schema-${name}-title`} className="font-mono text-sm font-semibold text-slate-900">
                {name}
              </h3>
              {schema.description && <p className="mt-1 text-sm text-slate-600">{schema.description}</p>}
              <div className="mt-3">
                <SchemaView schema={schema} />
              </div>
            </section>
          ))}
        </section>
      </div>
    </div>
  );
}
