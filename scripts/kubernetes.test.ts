// The Kubernetes recipe (deploy/kubernetes; docs/operations.md, "Kubernetes"), checked offline:
// each variant is rendered as kustomize renders it, every object is validated against its API
// schema (kubernetes-models), unknown fields included, and the recipe keeps what issue 32 asks.
//
// The renderer knows only the kustomize features the recipe uses and throws on anything else, so
// it never approximates: resources (files and directories), components, `labels` without
// selectors or templates, `images`, and `patches` (RFC 6902 with a target, or a whole object's
// `$patch: delete`), run in kustomize's order (resources, components, then patches, labels,
// images). Compared by hand on 2026-11-29 with `kubectl kustomize` (kubectl v1.32.4, kustomize
// v5.5.0) for base and overlays/pglite: the same objects, field for field; only the order of the
// objects differs (kustomize sorts them by kind), which nothing here depends on.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { ServiceMonitor } from "@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1";
import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import { CronJob, Job } from "kubernetes-models/batch/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from "kubernetes-models/v1";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

const ROOT = resolve(import.meta.dirname, "..");
const KUBERNETES = join(ROOT, "deploy/kubernetes");

// ---------------------------------------------------------------------------------------------
// Rendering

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Manifest extends JsonObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> } & JsonObject;
}

const idOf = (m: Manifest) => `${m.kind}/${m.metadata.name}`;

function readManifests(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null);
}

const KUSTOMIZATION_FIELDS = new Set(["apiVersion", "kind", "resources", "components", "labels", "images", "patches"]);

/** `kustomize build dir`, for the features listed above; a Component transforms `accumulated`. */
function build(dir: string, kind: "Kustomization" | "Component" = "Kustomization", accumulated: Manifest[] = []): Manifest[] {
  const file = join(dir, "kustomization.yaml");
  const k = parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const where = relative(ROOT, file);
  if (k.kind !== kind) throw new Error(`${where}: esperava kind ${kind}`);
  for (const field of Object.keys(k)) if (!KUSTOMIZATION_FIELDS.has(field)) throw new Error(`${where}: ${field} não é conhecido por este teste`);

  let objects = [...accumulated];
  for (const resource of (k.resources ?? []) as string[]) {
    const path = resolve(dir, resource);
    for (const object of statSync(path).isDirectory() ? build(path) : readManifests(path)) {
      if (objects.some((o) => idOf(o) === idOf(object))) throw new Error(`${where}: ${idOf(object)} duas vezes`);
      objects.push(object);
    }
  }
  for (const component of (k.components ?? []) as string[]) objects = build(resolve(dir, component), "Component", objects);
  for (const patch of (k.patches ?? []) as PatchEntry[]) objects = applyPatch(dir, patch, objects);
  for (const entry of (k.labels ?? []) as LabelsEntry[]) objects = objects.map((o) => addLabels(o, entry));
  for (const image of (k.images ?? []) as ImageEntry[]) objects = objects.map((o) => setImage(o, image));
  return objects;
}

interface PatchEntry {
  path?: string;
  patch?: string;
  target?: { kind?: string; name?: string };
}

function applyPatch(dir: string, entry: PatchEntry, objects: Manifest[]): Manifest[] {
  const unknown = Object.keys(entry).filter((f) => !["path", "patch", "target"].includes(f));
  const targetFields = Object.keys(entry.target ?? {}).filter((f) => !["kind", "name"].includes(f));
  if (unknown.length || targetFields.length) throw new Error(`patch: ${[...unknown, ...targetFields].join(", ")} não é conhecido por este teste`);
  const body = parse(entry.path ? readFileSync(join(dir, entry.path), "utf8") : entry.patch!) as unknown;
  if (Array.isArray(body)) {
    // RFC 6902 (kustomize: a patch that parses as a list), on every object the target selects.
    const { kind, name } = entry.target ?? {};
    if (!kind || !name) throw new Error("patch RFC 6902 sem target.kind e target.name");
    const selected = objects.filter((o) => o.kind === kind && o.metadata.name === name);
    if (selected.length !== 1) throw new Error(`patch: ${kind}/${name} encontrado ${selected.length} vezes`);
    return objects.map((o) => (selected.includes(o) ? (jsonPatch(o, body as Operation[]) as Manifest) : o));
  }
  // Strategic merge: only the whole object's deletion.
  const smp = body as Manifest & { $patch?: string };
  if (smp.$patch !== "delete" || entry.target || Object.keys(smp).some((f) => !["$patch", "apiVersion", "kind", "metadata"].includes(f)))
    throw new Error("patch estratégico: só `$patch: delete` de um objeto inteiro é conhecido por este teste");
  const rest = objects.filter((o) => !(o.apiVersion === smp.apiVersion && o.kind === smp.kind && o.metadata.name === smp.metadata.name));
  if (rest.length !== objects.length - 1) throw new Error(`$patch: delete: ${smp.kind}/${smp.metadata.name} não existe`);
  return rest;
}

interface Operation {
  op: "add" | "remove" | "replace" | "test";
  path: string;
  value?: Json;
}

/** RFC 6902's add, remove, replace and test, on a copy. */
function jsonPatch(document: Json, operations: Operation[]): Json {
  const root = structuredClone(document);
  for (const { op, path, value } of operations) {
    if (!["add", "remove", "replace", "test"].includes(op)) throw new Error(`operação ${op} não é conhecida por este teste`);
    const tokens = path
      .split("/")
      .slice(1)
      .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (!path.startsWith("/") || tokens.length === 0) throw new Error(`caminho ${path}: só abaixo da raiz`);
    const last = tokens.pop()!;
    let parent: Json = root;
    for (const token of tokens) {
      const next: Json | undefined = Array.isArray(parent) ? parent[Number(token)] : parent && typeof parent === "object" ? parent[token] : undefined;
      if (next === undefined) throw new Error(`${op} ${path}: ${token} não existe`);
      parent = next;
    }
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length - (op === "add" ? 0 : 1)) throw new Error(`${op} ${path}: índice fora da lista`);
      if (op === "test" && !isDeepStrictEqual(parent[index], value))
        throw new Error(`test ${path}: ${JSON.stringify(parent[index])} ≠ ${JSON.stringify(value)}`);
      if (op === "add") parent.splice(index, 0, structuredClone(value!));
      if (op === "remove") parent.splice(index, 1);
      if (op === "replace") parent[index] = structuredClone(value!);
    } else if (parent && typeof parent === "object") {
      if (op !== "add" && !(last in parent)) throw new Error(`${op} ${path}: não existe`);
      if (op === "test" && !isDeepStrictEqual(parent[last], value)) throw new Error(`test ${path}: ${JSON.stringify(parent[last])} ≠ ${JSON.stringify(value)}`);
      if (op === "add" || op === "replace") parent[last] = structuredClone(value!);
      if (op === "remove") delete parent[last];
    } else throw new Error(`${op} ${path}: o pai não é objeto nem lista`);
  }
  return root;
}

interface LabelsEntry {
  pairs: Record<string, string>;
  includeSelectors?: boolean;
  includeTemplates?: boolean;
}

/** `labels` without includeSelectors/includeTemplates: metadata.labels of every object only. */
function addLabels(object: Manifest, entry: LabelsEntry): Manifest {
  if (entry.includeSelectors || entry.includeTemplates) throw new Error("labels: includeSelectors/includeTemplates não são conhecidos por este teste");
  return { ...object, metadata: { ...object.metadata, labels: { ...object.metadata.labels, ...entry.pairs } } };
}

interface ImageEntry {
  name: string;
  newName?: string;
  newTag?: string;
}

/** An image reference's name, without tag or digest (a registry's port is not a tag). */
function imageName(reference: string): string {
  const withoutDigest = reference.split("@")[0]!;
  const colon = withoutDigest.lastIndexOf(":");
  return colon > withoutDigest.lastIndexOf("/") ? withoutDigest.slice(0, colon) : withoutDigest;
}

/** kustomize's image transformer: every `containers`/`initContainers` list, at any depth. */
function setImage(object: Manifest, entry: ImageEntry): Manifest {
  if (Object.keys(entry).some((f) => !["name", "newName", "newTag"].includes(f)))
    throw new Error("images: só name, newName e newTag são conhecidos por este teste");
  const visit = (node: Json, key?: string): Json => {
    if (Array.isArray(node)) {
      return node.map((item) => {
        if ((key === "containers" || key === "initContainers") && item && typeof item === "object" && !Array.isArray(item) && typeof item.image === "string") {
          const image = item.image;
          if (imageName(image) === entry.name) {
            const tag = entry.newTag === undefined ? image.slice(imageName(image).length) : `:${entry.newTag}`;
            return visit({ ...item, image: `${entry.newName ?? entry.name}${tag}` });
          }
        }
        return visit(item);
      });
    }
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, k)]));
    return node;
  };
  return visit(object) as Manifest;
}

// ---------------------------------------------------------------------------------------------
// Validation

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model takes its own kind's shape
type ModelClass = new (data: any) => { validate(): void };
const MODELS: Record<string, ModelClass> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim,
  "apps/v1/Deployment": Deployment,
  "apps/v1/StatefulSet": StatefulSet,
  "batch/v1/Job": Job,
  "batch/v1/CronJob": CronJob,
  "networking.k8s.io/v1/Ingress": Ingress,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "monitoring.coreos.com/v1/ServiceMonitor": ServiceMonitor,
};

/**
 * Every problem of one object: its schema's (kubernetes-models' validate()) and the fields the
 * schema does not know, which validate() lets through (its schemas have no additionalProperties:
 * `livenessprobe` or `replicaz` pass). The validators are ajv's compiled code, which reads every
 * property its schema declares, present or not, and enumerates a map's keys; watching those reads
 * through a Proxy tells which of the object's keys the schema knows.
 */
function problems(object: Manifest): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${object.apiVersion}/${object.kind}: sem esquema neste teste`];
  const model = new Model(object);
  try {
    model.validate();
  } catch (error) {
    return [(error as Error).message];
  }
  const read = new WeakMap<object, Set<PropertyKey>>();
  const maps = new WeakSet<object>();
  const watch = (value: unknown): unknown =>
    value !== null && typeof value === "object"
      ? new Proxy(value, {
          get(target, key, receiver) {
            read.set(target, (read.get(target) ?? new Set()).add(key));
            return watch(Reflect.get(target, key, receiver));
          },
          ownKeys(target) {
            maps.add(target);
            return Reflect.ownKeys(target);
          },
        })
      : value;
  model.validate.call(watch(model));
  const unknown: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}/${i}`));
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (maps.has(node) || read.get(node)?.has(key)) walk(value, `${path}/${key}`);
        else unknown.push(`${path}/${key}: campo desconhecido`);
      }
    }
  };
  walk(model, "");
  return unknown;
}

// ---------------------------------------------------------------------------------------------
// The recipe

const base = build(join(KUBERNETES, "base"));
const pglite = build(join(KUBERNETES, "overlays/pglite"));
const VARIANTS = { base, pglite };

const one = <T = Manifest>(objects: Manifest[], kind: string, name?: string): T => {
  const found = objects.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (found.length !== 1) throw new Error(`${kind}${name ? `/${name}` : ""}: ${found.length} objetos`);
  return found[0] as T;
};

// Only the shapes read below; the schemas check the rest.
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number; fsGroup?: number; seccompProfile?: { type: string } };
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
  affinity?: {
    podAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { labelSelector: { matchLabels: Record<string, string> }; topologyKey: string }[] };
  };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: PodSpec;
}
interface Workload extends Manifest {
  spec: JsonObject & {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
    strategy?: { type: string; rollingUpdate?: { maxUnavailable?: number | string } };
    serviceName?: string;
    volumeClaimTemplates?: { metadata: { name: string } }[];
  };
}
interface JobManifest extends Manifest {
  spec: JsonObject & { backoffLimit?: number; ttlSecondsAfterFinished?: number; template: PodTemplate };
}
interface CronJobManifest extends Manifest {
  spec: JsonObject & { concurrencyPolicy?: string; jobTemplate: { spec: { template: PodTemplate } } };
}
interface ServiceManifest extends Manifest {
  spec: JsonObject & { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string | number }[] };
}

const workloadOf = (objects: Manifest[]) => objects.find((o) => o.kind === "Deployment" || o.kind === "StatefulSet") as Workload;
const portalContainer = (objects: Manifest[]) => workloadOf(objects).spec.template.spec.containers.find((c) => c.name === "portal")!;
const podsOf = (objects: Manifest[]): [string, PodSpec][] =>
  objects.flatMap((o): [string, PodSpec][] => {
    if (o.kind === "Deployment" || o.kind === "StatefulSet") return [[idOf(o), (o as Workload).spec.template.spec]];
    if (o.kind === "Job") return [[idOf(o), (o as JobManifest).spec.template.spec]];
    if (o.kind === "CronJob") return [[idOf(o), (o as CronJobManifest).spec.jobTemplate.spec.template.spec]];
    return [];
  });
const containersOf = (objects: Manifest[]): [string, Container][] =>
  podsOf(objects).flatMap(([id, pod]) => pod.containers.map((c): [string, Container] => [`${id}/${c.name}`, c]));

/** .env.example's variables and values, in order. */
const envExample = new Map(
  readFileSync(join(ROOT, ".env.example"), "utf8")
    .split("\n")
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1]!, m[2]!] as const),
);
// The secrets of .env.example: they go in the Secret, every other variable in the ConfigMap.
const SECRET_KEYS = [
  "DATABASE_URL",
  "MIGRATION_DATABASE_URL",
  "AUTH_SECRET",
  "CHAIN_KEY",
  "DEVICE_KEY",
  "ADMIN_PASSWORD",
  "SMTP_URL",
  "WHATSAPP_TOKEN",
  "SMS_API_TOKEN",
];
// Only compose.yaml reads it (to write DATABASE_URL); the portal does not.
const COMPOSE_ONLY = ["POSTGRES_PASSWORD"];
// The pod's values where .env.example's would not do: the image's volume, and metrics the
// ServiceMonitor can reach.
const POD_VALUES: Record<string, string> = { DATA_DIR: "/data", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" };
const POSTGRES_ONLY = ["DATABASE_URL", "MIGRATION_DATABASE_URL", "DATABASE_POOL_MAX"];

const IMAGE_COMPONENT = parse(readFileSync(join(KUBERNETES, "components/image/kustomization.yaml"), "utf8")) as { images: ImageEntry[] };
const PORTAL_IMAGE = `${IMAGE_COMPONENT.images[0]!.newName}:${IMAGE_COMPONENT.images[0]!.newTag}`;

describe("the renderer", () => {
  it("applies RFC 6902 as the RFC says, and refuses what it does not know", () => {
    const doc = { a: { b: [1, 2, 3] }, "x/y": 1 };
    expect(
      jsonPatch(doc, [
        { op: "add", path: "/a/b/1", value: 9 },
        { op: "add", path: "/a/b/-", value: 4 },
        { op: "remove", path: "/a/b/0" },
        { op: "replace", path: "/x~1y", value: 2 },
        { op: "test", path: "/a/b/0", value: 9 },
      ]),
    ).toEqual({ a: { b: [9, 2, 3, 4] }, "x/y": 2 });
    expect(doc).toEqual({ a: { b: [1, 2, 3] }, "x/y": 1 });
    expect(() => jsonPatch(doc, [{ op: "test", path: "/a/b/0", value: 2 }])).toThrow(/test/);
    expect(() => jsonPatch(doc, [{ op: "remove", path: "/a/c" }])).toThrow(/não existe/);
    expect(() => jsonPatch(doc, [{ op: "move" as "add", path: "/a" }])).toThrow(/move/);
  });

  it("sets images as kustomize does: by name, tag kept or replaced, other images untouched", () => {
    const pod = (image: string) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: [{ name: "c", image }] } }) as Manifest;
    const imageOf = (m: Manifest) => ((m.spec as JsonObject).containers as { image: string }[])[0]!.image;
    expect(imageOf(setImage(pod("portal-sentinela"), { name: "portal-sentinela", newName: "r:5000/p", newTag: "1" }))).toBe("r:5000/p:1");
    expect(imageOf(setImage(pod("portal-sentinela:0.9"), { name: "portal-sentinela", newName: "r/p" }))).toBe("r/p:0.9");
    expect(imageOf(setImage(pod("postgres:17"), { name: "portal-sentinela", newTag: "1" }))).toBe("postgres:17");
  });
});

describe("schemas, unknown fields included", () => {
  for (const [variant, objects] of Object.entries(VARIANTS)) {
    it(`${variant}: every object is valid`, () => {
      expect(objects.length).toBeGreaterThan(5);
      expect(objects.flatMap((o) => problems(o).map((p) => `${idOf(o)} ${p}`))).toEqual([]);
    });
  }

  it("a typo'd field, a wrong type and a missing required field each fail", () => {
    const deployment = one<Workload>(base, "Deployment");
    const mutated = (change: (d: Workload) => void) => {
      const copy = structuredClone(deployment);
      change(copy);
      return problems(copy);
    };
    const typo = (d: Workload) => {
      const c = d.spec.template.spec.containers[0]! as Container & { livenessprobe?: unknown };
      c.livenessprobe = c.livenessProbe;
      delete c.livenessProbe;
    };
    // validate() alone lets both typos through: the reason for the second check.
    const typoed = structuredClone(deployment);
    typo(typoed);
    (typoed.spec as JsonObject).replicaz = 2;
    expect(() => new Deployment(typoed as never).validate()).not.toThrow();

    expect(mutated(typo)).toEqual(["/spec/template/spec/containers/0/livenessprobe: campo desconhecido"]);
    expect(mutated((d) => ((d.spec as JsonObject).replicaz = 2))).toEqual(["/spec/replicaz: campo desconhecido"]);
    expect(mutated((d) => (d.spec.template.spec.securityContext!.runAsUser = "1000" as never)).join()).toMatch(/runAsUser must be integer/);
    expect(mutated((d) => delete (d.spec.template.spec.containers[0] as Partial<Container>).name).join()).toMatch(
      /containers\/0 must have required property name/,
    );
    // A map (labels) takes any key; the custom resource is checked the same way.
    expect(mutated((d) => (d.metadata.labels = { ...d.metadata.labels, "qualquer.um/rotulo": "x" }))).toEqual([]);
    const monitor = structuredClone(one(base, "ServiceMonitor")) as Manifest & { spec: { endpoints: JsonObject[] } };
    monitor.spec.endpoints[0]!.intervall = "30s";
    expect(problems(monitor)).toEqual(["/spec/endpoints/0/intervall: campo desconhecido"]);
  });
});

describe("what the recipe promises", () => {
  for (const [variant, objects] of Object.entries(VARIANTS)) {
    describe(variant, () => {
      it("the portal container: probes, its image, the graceful stop", () => {
        const portal = portalContainer(objects);
        expect(portal.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
        expect(portal.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
        expect(portal.startupProbe?.httpGet?.path).toBe("/healthz");
        expect(portal.ports?.find((p) => p.name === "http")?.containerPort).toBe(3000);
        expect(portal.args ?? ["serve"]).toEqual(["serve"]);
        // SIGTERM comes after preStop; the portal then drains for 15 s at most.
        const [sleep, seconds] = portal.lifecycle?.preStop?.exec?.command ?? [];
        expect(sleep).toBe("sleep");
        expect(workloadOf(objects).spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + 15);
      });

      it("every pod runs as non-root, read-only, without privileges, with resources", () => {
        for (const [id, pod] of podsOf(objects)) {
          expect(pod.securityContext, id).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } });
          expect(pod.securityContext?.runAsUser, id).toBeGreaterThan(0);
          for (const c of pod.containers) {
            expect(c.securityContext, `${id}/${c.name}`).toEqual({
              allowPrivilegeEscalation: false,
              readOnlyRootFilesystem: true,
              capabilities: { drop: ["ALL"] },
            });
            expect(Object.keys(c.resources?.requests ?? {}).sort(), `${id}/${c.name}`).toEqual(["cpu", "memory"]);
            expect(c.resources?.limits?.memory, `${id}/${c.name}`).toBeDefined();
            expect(
              c.volumeMounts?.map((m) => m.mountPath),
              `${id}/${c.name}: /tmp gravável`,
            ).toContain("/tmp");
            const claims =
              pod === workloadOf(objects).spec.template.spec ? (workloadOf(objects).spec.volumeClaimTemplates ?? []).map((v) => v.metadata.name) : [];
            for (const m of c.volumeMounts ?? []) expect([...(pod.volumes ?? []).map((v) => v.name), ...claims], `${id}/${c.name}`).toContain(m.name);
          }
        }
        const portalPod = workloadOf(objects).spec.template.spec;
        expect(portalPod.securityContext).toMatchObject({ runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 });
        // The 160 MB heap plus the young generation and native memory fit below the limit.
        expect(mebibytes(portalContainer(objects).resources!.limits!.memory!)).toBeGreaterThanOrEqual(512);
        expect(mebibytes(portalContainer(objects).resources!.requests!.memory!)).toBeGreaterThan(160 + 48);
      });

      it("the ConfigMap and the Secret hold every variable of .env.example, and nothing else", () => {
        const config = one<Manifest & { data: Record<string, string> }>(objects, "ConfigMap", "portal-config").data;
        const secret = one<Manifest & { stringData: Record<string, string> }>(objects, "Secret", "portal-secrets").stringData;
        const expected = [...envExample.keys()].filter((k) => !COMPOSE_ONLY.includes(k) && (variant === "base" || !POSTGRES_ONLY.includes(k)));
        expect([...Object.keys(config), ...Object.keys(secret)].sort()).toEqual(expected.sort());
        expect(Object.keys(secret).sort()).toEqual(SECRET_KEYS.filter((k) => expected.includes(k)).sort());
        for (const [key, value] of Object.entries(config)) expect(value, key).toBe(POD_VALUES[key] ?? envExample.get(key));
        // Every pod reads these two by name, and the keys it names exist.
        for (const [id, c] of containersOf(objects)) {
          for (const from of c.envFrom ?? []) {
            if (from.configMapRef) expect(from.configMapRef.name, id).toBe("portal-config");
            if (from.secretRef) expect(from.secretRef.name, id).toBe("portal-secrets");
          }
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            if (ref && !ref.optional) expect(Object.keys(secret), id).toContain(ref.key);
          }
        }
      });

      it("the Service, the metrics and the ServiceMonitor agree", () => {
        const service = one<ServiceManifest>(objects, "Service", "portal");
        const config = one<Manifest & { data: Record<string, string> }>(objects, "ConfigMap", "portal-config").data;
        const pod = workloadOf(objects).spec.template;
        expect(pod.metadata.labels).toMatchObject(service.spec.selector);
        expect(pod.metadata.labels).toMatchObject(workloadOf(objects).spec.selector.matchLabels);
        const metrics = portalContainer(objects).ports!.find((p) => p.name === "metrics")!;
        expect(String(metrics.containerPort)).toBe(config.METRICS_PORT);
        expect(config.METRICS_HOST).toBe("0.0.0.0");
        expect(service.spec.ports.find((p) => p.name === "metrics")?.targetPort).toBe("metrics");
        const monitor = one<Manifest & { spec: { selector: { matchLabels: Record<string, string> }; endpoints: { port: string; path?: string }[] } }>(
          objects,
          "ServiceMonitor",
        );
        expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
        expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: "metrics", path: "/metrics" })]);
      });

      it("the Ingress ends TLS for PUBLIC_URL's host and routes to the http port", () => {
        const ingress = one<Manifest & { spec: { tls: { hosts: string[]; secretName: string }[]; rules: { host: string; http: { paths: JsonObject[] } }[] } }>(
          objects,
          "Ingress",
        );
        const config = one<Manifest & { data: Record<string, string> }>(objects, "ConfigMap", "portal-config").data;
        const host = new URL(config.PUBLIC_URL!).host;
        expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
        expect(ingress.spec.tls).toEqual([{ hosts: [host], secretName: expect.any(String) }]);
        expect(ingress.spec.rules.map((r) => r.host)).toEqual([host]);
        expect(ingress.spec.rules[0]!.http.paths[0]).toMatchObject({ backend: { service: { name: "portal", port: { name: "http" } } } });
      });

      it("one backup CronJob, never two at once", () => {
        const cronjob = one<CronJobManifest>(objects, "CronJob");
        expect(cronjob.spec.concurrencyPolicy).toBe("Forbid");
        const pod = cronjob.spec.jobTemplate.spec.template.spec;
        const script = pod.containers[0]!.args!.join("\n");
        if (variant === "base") {
          expect(pod.containers[0]!.image).toMatch(/^postgres:17$/);
          expect(script).toMatch(/pg_dump --format=custom/);
          const claim = pod.volumes!.find((v) => v.persistentVolumeClaim)!.persistentVolumeClaim!.claimName;
          expect(one(objects, "PersistentVolumeClaim", claim)).toBeDefined();
        } else {
          expect(pod.containers[0]!.image).toBe(PORTAL_IMAGE);
          // Only through the running portal: from this pod a live lock looks stale (another pid namespace).
          expect(script).toMatch(/\.\/docker-entrypoint\.sh backup --pelo-portal "\/data\/backups\//);
          // The StatefulSet's claim, on the portal pod's node (ReadWriteOnce).
          const sts = one<Workload>(objects, "StatefulSet");
          const claim = pod.volumes!.find((v) => v.name === "data")!.persistentVolumeClaim!.claimName;
          expect(claim).toBe(`${sts.spec.volumeClaimTemplates![0]!.metadata.name}-${sts.metadata.name}-0`);
          expect(pod.containers[0]!.volumeMounts).toContainEqual({ name: "data", mountPath: "/data" });
          expect(pod.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
            { labelSelector: { matchLabels: sts.spec.selector.matchLabels }, topologyKey: "kubernetes.io/hostname" },
          ]);
        }
      });

      it("every portal image is the one the image component names", () => {
        const images = containersOf(objects).map(([, c]) => c.image);
        expect(images.filter((i) => i !== "postgres:17").every((i) => i === PORTAL_IMAGE)).toBe(true);
        expect(images).toContain(PORTAL_IMAGE);
        // The recipe of a release runs that release's image (package.json, CHANGELOG.md, the tag).
        expect(IMAGE_COMPONENT.images[0]!.newTag).toBe((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version);
      });
    });
  }

  it("base: PostgreSQL, two replicas updated without losing capacity, the migration Job", () => {
    expect(base.filter((o) => o.kind === "StatefulSet")).toEqual([]);
    const deployment = one<Workload>(base, "Deployment", "portal");
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy).toMatchObject({ type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0 } });
    const job = one<JobManifest>(base, "Job", "portal-migrate");
    expect(job.spec.template.spec.containers.map((c) => [c.image, c.args])).toEqual([[PORTAL_IMAGE, ["migrate"]]]);
    expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(1);
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(job.spec.template.spec.containers[0]!.envFrom).toEqual(portalContainer(base).envFrom);
  });

  it("pglite: exactly one replica of a StatefulSet, its volume as DATA_DIR, no Deployment", () => {
    expect(pglite.filter((o) => o.kind === "Deployment" || o.kind === "Job")).toEqual([]);
    const sts = one<Workload>(pglite, "StatefulSet", "portal");
    expect(sts.spec.replicas).toBe(1);
    expect(sts.spec.serviceName).toBe("portal");
    expect(sts.spec.volumeClaimTemplates!.map((v) => v.metadata.name)).toEqual(["data"]);
    expect(sts.spec.template.spec.volumes!.map((v) => v.name)).not.toContain("data");
    expect(portalContainer(pglite).volumeMounts).toContainEqual({ name: "data", mountPath: "/data" });
    // Everything else of the pod is the base's, as it was.
    const { resources: _pgliteResources, ...pgliteContainer } = portalContainer(pglite);
    const { resources: _baseResources, ...baseContainer } = portalContainer(base);
    expect(pgliteContainer).toEqual(baseContainer);
  });

  it("the image's name and tag are written in one place", () => {
    const files = listFiles(KUBERNETES).filter((f) => /\.ya?ml$/.test(f));
    const withImages = files.filter((f) => /^images:/m.test(readFileSync(f, "utf8"))).map((f) => relative(KUBERNETES, f));
    expect(withImages).toEqual(["components/image/kustomization.yaml"]);
    expect(IMAGE_COMPONENT.images).toEqual([{ name: "portal-sentinela", newName: expect.any(String), newTag: expect.any(String) }]);
    // The manifests name the image bare; only the component tags it.
    for (const f of files) expect(readFileSync(f, "utf8"), relative(KUBERNETES, f)).not.toMatch(/image: portal-sentinela:|image: .*\/portal-sentinela/);
  });
});

function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`quantidade ${quantity}: use Mi ou Gi`);
  return Number(match[1]) * (match[2] === "Gi" ? 1024 : 1);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}
