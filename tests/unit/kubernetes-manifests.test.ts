/**
 * deploy/kubernetes (docs/SCALING.md, "Kubernetes"): every manifest parses and is valid against the
 * Kubernetes API's schemas (kubernetes-models, generated from the API's OpenAPI document: unknown
 * or mistyped fields, missing required ones); the kustomizations name every file and only files
 * that exist; and the settings that must agree with the app do.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as apps from "kubernetes-models/apps/v1";
import * as batch from "kubernetes-models/batch/v1";
import * as networking from "kubernetes-models/networking.k8s.io/v1";
import * as policy from "kubernetes-models/policy/v1";
import * as core from "kubernetes-models/v1";
import { parseAllDocuments } from "yaml";
import { IN_FLIGHT_LIMIT_SECONDS } from "@/lib/http/shutdown-settings";

const ROOT = path.join(__dirname, "..", "..", "deploy", "kubernetes");
const KUSTOMIZATION = "kustomization.yaml";

interface Manifest {
  file: string;
  doc: any;
}

function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return entry.name.endsWith(".yaml") ? [full] : [];
  });
}

function parse(file: string): any[] {
  return parseAllDocuments(readFileSync(file, "utf8")).map((document) => {
    expect(document.errors, file).toEqual([]);
    return document.toJS();
  });
}

const files = yamlFiles(ROOT);
const manifests: Manifest[] = files
  .filter((file) => path.basename(file) !== KUSTOMIZATION)
  .flatMap((file) => parse(file).map((doc) => ({ file: path.relative(ROOT, file), doc })));
const kustomizations = files.filter((file) => path.basename(file) === KUSTOMIZATION);

/** The API groups the manifests use, by apiVersion: each kind's model class validates it. */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  "apps/v1": apps,
  "batch/v1": batch,
  "networking.k8s.io/v1": networking,
  "policy/v1": policy,
};

async function validate(doc: any): Promise<void> {
  const Model = MODELS[doc.apiVersion]?.[doc.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) throw new Error(`no schema for ${doc.apiVersion} ${doc.kind}`);
  new Model(doc).validate();
}

function ofKind(kind: string, name: string): any {
  const found = manifests.find((manifest) => manifest.doc.kind === kind && manifest.doc.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found.doc;
}

describe("deploy/kubernetes", () => {
  it("has the objects of a deployment: Secret, migration Job, Deployment, Service, Ingress, PodDisruptionBudget, PgBouncer", () => {
    expect(manifests.map(({ doc }) => `${doc.kind}/${doc.metadata.name}`).sort()).toEqual(
      [
        "Secret/snap-board",
        "Job/snap-board-migrate",
        "Deployment/snap-board",
        "Service/snap-board",
        "Ingress/snap-board",
        "PodDisruptionBudget/snap-board",
        "ConfigMap/snap-board-pgbouncer",
        "Deployment/snap-board-pgbouncer",
        "Service/snap-board-pgbouncer",
      ].sort(),
    );
  });

  it.each(manifests.map((manifest) => [`${manifest.file}: ${manifest.doc.kind}`, manifest] as const))(
    "%s is valid against the Kubernetes API's schema",
    async (_name, { doc }) => {
      await validate(doc);
    },
  );

  it("the schemas refuse what the API would (the validation can fail)", async () => {
    const deployment = structuredClone(ofKind("Deployment", "snap-board"));
    deployment.spec.template.spec.terminationGracePeriodSeconds = "35";
    await expect(validate(deployment)).rejects.toThrow(/terminationGracePeriodSeconds/);
    const service = structuredClone(ofKind("Service", "snap-board"));
    delete service.spec.ports[0].port;
    await expect(validate(service)).rejects.toThrow(/port/);
    const job = structuredClone(ofKind("Job", "snap-board-migrate"));
    job.spec.template.spec.restartPolicy = "Sometimes";
    await expect(validate(job)).rejects.toThrow(/restartPolicy/);
  });

  it("each kustomization lists every manifest of its folder and names only files that exist", () => {
    for (const file of kustomizations) {
      const [kustomization] = parse(file);
      const folder = path.dirname(file);
      const own = readdirSync(folder).filter((name) => name.endsWith(".yaml") && name !== KUSTOMIZATION);
      expect([...kustomization.resources].sort(), path.relative(ROOT, file)).toEqual(own.sort());
    }
  });

  it("the app's pods: the grace period covers the drain and the requests in flight; probes on /api/health; the image's user", () => {
    const pod = ofKind("Deployment", "snap-board").spec.template.spec;
    const [app] = pod.containers;
    const drain = Number(app.env.find((variable: any) => variable.name === "SHUTDOWN_DRAIN_SECONDS").value);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drain + IN_FLIGHT_LIMIT_SECONDS);
    expect(app.readinessProbe.httpGet.path).toBe("/api/health");
    expect(app.startupProbe.httpGet.path).toBe("/api/health");
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(ofKind("Job", "snap-board-migrate").spec.template.spec.containers[0].command).toEqual(["node", "launcher/migrate.mjs"]);
  });

  it("every secretKeyRef names a key of the Secret", () => {
    const keys = Object.keys(ofKind("Secret", "snap-board").stringData);
    const refs = JSON.stringify(manifests.map(({ doc }) => doc)).matchAll(/"secretKeyRef":\{"name":"snap-board","key":"([^"]+)"\}/g);
    const named = [...refs].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const key of named) expect(keys).toContain(key);
  });
});
