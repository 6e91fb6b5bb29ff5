import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi/build-openapi-document";

/**
 * Every answer the API tests get is checked against the operation's declaration, as the OpenAPI
 * document states it (built from the declarations in lib/operations/): a status the operation does
 * not declare, or a JSON body that is not valid against the declared schema, fails the test that
 * made the request. The document cannot drift from the behaviour the tests see.
 */
let document: OpenApiDocument | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function load(): { doc: OpenApiDocument; ajv: Ajv2020 } {
  if (!document || !ajv) {
    document = buildOpenApiDocument();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, "openapi");
  }
  return { doc: document, ajv };
}

const pointer = (...segments: string[]) => segments.map((segment) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/** The path template a concrete path is routed to: a fixed segment wins over a parameter, as in the routes. */
export function templateOf(path: string): string | undefined {
  const { doc } = load();
  const pathname = path.split("?")[0]!;
  const segments = pathname.split("/");
  const matches = Object.keys(doc.paths).filter((template) => {
    const parts = template.split("/");
    return parts.length === segments.length && parts.every((part, index) => part.startsWith("{") || part === segments[index]);
  });
  const parameterCount = (template: string) => template.split("{").length - 1;
  return matches.sort((a, b) => parameterCount(a) - parameterCount(b))[0];
}

function resolve(doc: OpenApiDocument, node: any, location: string): { node: any; location: string } {
  if (!node?.$ref) return { node, location };
  const target = node.$ref.slice(2) as string;
  return {
    node: target.split("/").reduce((parent: any, key: string) => parent[decodeURIComponent(key).replace(/~1/g, "/").replace(/~0/g, "~")], doc),
    location: target,
  };
}

/**
 * What is wrong with this answer by the document, as messages (none: it is documented). An
 * unknown path or an undeclared method must answer with the error body (404, 405).
 */
export function undocumentedProblems(method: string, template: string | undefined, status: number, body: unknown, contentType: string): string[] {
  const { doc, ajv } = load();
  const where = `${method} ${template ?? "(no such path)"} ${status}`;
  const operation: any = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  let documented: { node: any; location: string };
  if (!operation) {
    const expected = template ? 405 : 404;
    if (status !== expected) return [`${where}: expected ${expected} for an undeclared ${template ? "method" : "path"}`];
    documented = resolve(doc, { $ref: "#/components/responses/Error" }, "");
  } else {
    const base = pointer("paths", template!, method.toLowerCase(), "responses");
    const declared = operation.responses[status] ?? (status >= 400 ? operation.responses.default : undefined);
    if (!declared) return [`${where} is not a declared status`];
    documented = resolve(doc, declared, `${base}/${operation.responses[status] ? status : "default"}`);
  }
  const content = documented.node.content as Record<string, unknown> | undefined;
  if (!content) return body === null || body === "" ? [] : [`${where}: no body declared, got ${JSON.stringify(body).slice(0, 200)}`];
  if (!/^application\/json\b/.test(contentType)) {
    const media = contentType.split(";")[0]!.trim();
    return media in content || "*/*" in content || /^(text\/csv|image\/)/.test(media)
      ? []
      : [`${where}: ${media || "no content type"} is not a declared media type`];
  }
  if (!content["application/json"]) return [`${where}: JSON is not a declared media type`];
  const schemaLocation = `openapi#/${documented.location}/${pointer("content", "application/json", "schema")}`;
  let validate = validators.get(schemaLocation);
  if (!validate) {
    validate = ajv.getSchema(schemaLocation);
    if (!validate) return [`${where}: no schema at ${schemaLocation}`];
    validators.set(schemaLocation, validate);
  }
  if (validate(body)) return [];
  return [`${where}: the body does not match its declared schema: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`];
}

/** Throws (failing the test) when the answer to `method path` is not as declared. */
export function assertDocumented(method: string, path: string, status: number, body: unknown, contentType: string): void {
  if (method === "HEAD" || method === "OPTIONS") return;
  const problems = undocumentedProblems(method, templateOf(path), status, body, contentType);
  if (problems.length) throw new Error(`Undeclared answer: ${problems.join("; ")}`);
}
