import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { moduleImage, moduleImageTag } from './kubernetes-release';
import { REPO_ROOT } from './modules';

/**
 * What the files that describe a deployment must say, checked without a cluster or a Docker engine:
 * Kubernetes manifests (as `kubectl kustomize` renders them) and the compose file. Each check returns
 * its problems in words; none means the files hold.
 */

interface K8sObject {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, unknown>;
  stringData?: Record<string, unknown>;
}

interface Container {
  name: string;
  image?: string;
  ports?: Array<{ name?: string; containerPort?: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: unknown } }>;
  readinessProbe?: { httpGet?: { path?: string } };
  livenessProbe?: { httpGet?: { path?: string } };
  lifecycle?: { preStop?: { sleep?: { seconds?: number } } };
}

/** Settings that are secrets: never written in a manifest, always taken from a Secret. */
const SECRET_SETTING = /(SECRET|TOKEN|PASSWORD|SERVICE_KEY|SIGNATURE_KEY|DATABASE_URL|SMTP_URL|REDIS_URL)$/;

const podSpec = (object: K8sObject) =>
  (object.spec as { template?: { spec?: { containers?: Container[] } } } | undefined)?.template?.spec;
const templateLabels = (object: K8sObject) =>
  (object.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template?.metadata
    ?.labels ?? {};
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

interface PodSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

interface NetworkPolicySpec {
  podSelector?: PodSelector;
  ingress?: Array<{
    from?: Array<{ podSelector?: PodSelector; namespaceSelector?: unknown; ipBlock?: unknown }>;
    ports?: Array<{ port?: string | number }>;
  }>;
}

/** Whether a NetworkPolicy's pod selector takes in pods with these labels. */
function policySelects(policy: NetworkPolicySpec, labels: Record<string, string>): boolean {
  const { matchLabels = {}, matchExpressions = [] } = policy.podSelector ?? {};
  return (
    Object.entries(matchLabels).every(([key, value]) => labels[key] === value) &&
    matchExpressions.every(({ key, operator, values = [] }) =>
      operator === 'In'
        ? values.includes(labels[key] ?? '')
        : operator !== 'NotIn' || !values.includes(labels[key] ?? ''),
    )
  );
}

/** The metrics port (the series name every release and route): reachable only from whom a policy names. */
function metricsProblems(deployment: K8sObject, policies: K8sObject[]): string[] {
  const metricsPorts = (podSpec(deployment)?.containers ?? []).flatMap((container) =>
    (container.ports ?? []).filter((port) => port.name === 'metrics'),
  );
  if (!metricsPorts.length) return [];
  const guarding = policies.filter((policy) =>
    policySelects(policy.spec as NetworkPolicySpec, templateLabels(deployment)),
  );
  if (!guarding.length)
    return [`Deployment ${deployment.metadata.name}: no NetworkPolicy limits who may read its metrics port`];
  const opensMetrics = (port?: string | number) =>
    port === 'metrics' || metricsPorts.some((metrics) => metrics.containerPort === port);
  return guarding.flatMap((policy) =>
    ((policy.spec as NetworkPolicySpec).ingress ?? [])
      .filter(
        (rule) => !rule.from?.length && (!rule.ports?.length || rule.ports.some((p) => opensMetrics(p.port))),
      )
      .map(
        () =>
          `NetworkPolicy ${policy.metadata.name} lets anyone read the metrics port of ${deployment.metadata.name}`,
      ),
  );
}

/** The label that names a storefront pod's part: `shell`, `catalog`, … */
const PART_LABEL = 'app.kubernetes.io/name';

/** The parts a pod selector names by PART_LABEL, or null when it takes pods by anything else. */
function namedParts(selector: PodSelector): string[] | null {
  const { matchLabels = {}, matchExpressions = [] } = selector;
  if (Object.keys(matchLabels).some((key) => key !== PART_LABEL)) return null;
  if (matchExpressions.some(({ key, operator }) => key !== PART_LABEL || operator !== 'In')) return null;
  return [
    ...(matchLabels[PART_LABEL] ? [matchLabels[PART_LABEL]] : []),
    ...matchExpressions.flatMap(({ values = [] }) => values),
  ];
}

/**
 * Who may reach each service's http port: only the parts that call it (`callers`: the shell and the
 * services whose settings name its address), by pod labels in the service's namespace; never anyone
 * at all, another namespace or an address block. An /internal route is guarded by the service key
 * too; the network keeps every other pod from trying.
 */
export function serviceIngressProblems(
  rendered: string,
  callers: Record<string, readonly string[]>,
): string[] {
  const objects = parseAllDocuments(rendered).map((doc) => doc.toJS() as K8sObject);
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const problems: string[] = [];
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const part = templateLabels(deployment)[PART_LABEL];
    const allowed = part ? callers[part] : undefined;
    if (!allowed) continue;
    const admitted = new Set<string>();
    for (const policy of policies.filter((p) =>
      policySelects(p.spec as NetworkPolicySpec, templateLabels(deployment)),
    )) {
      for (const rule of (policy.spec as NetworkPolicySpec).ingress ?? []) {
        if (rule.ports?.length && !rule.ports.some((port) => port.port === 'http')) continue;
        const where = `NetworkPolicy ${policy.metadata.name}`;
        if (!rule.from?.length) {
          problems.push(`${where} lets anyone reach the http port of ${part}`);
          continue;
        }
        for (const source of rule.from) {
          const named =
            source.podSelector && !source.namespaceSelector && !source.ipBlock
              ? namedParts(source.podSelector)
              : null;
          if (!named)
            problems.push(`${where} lets pods it does not name by part reach the http port of ${part}`);
          else named.forEach((name) => admitted.add(name));
        }
      }
    }
    const extra = [...admitted].filter((name) => !allowed.includes(name));
    const missing = allowed.filter((name) => !admitted.has(name));
    if (extra.length) problems.push(`${part}'s http port admits ${extra.join(', ')}, which do not call it`);
    if (missing.length)
      problems.push(`${part}'s http port does not admit ${missing.join(', ')}, which call it`);
  }
  return problems;
}

export function kubernetesProblems(rendered: string): string[] {
  const objects = parseAllDocuments(rendered).map((doc) => doc.toJS() as K8sObject);
  const problems: string[] = [];
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const named = (kind: string) => objects.filter((o) => o.kind === kind);
  if (!deployments.length) problems.push('no Deployment rendered');

  for (const object of objects) {
    if (object.kind === 'Secret')
      problems.push(`Secret ${object.metadata.name} is written in the manifests; reference it instead`);
    for (const container of podSpec(object)?.containers ?? []) {
      const where = `${object.kind} ${object.metadata.name}, container ${container.name}`;
      for (const variable of container.env ?? []) {
        if (SECRET_SETTING.test(variable.name) && !variable.valueFrom?.secretKeyRef)
          problems.push(`${where}: ${variable.name} must come from a Secret (secretKeyRef)`);
      }
      if (!container.image?.includes(':')) problems.push(`${where}: image ${container.image} has no tag`);
    }
  }
  for (const deployment of deployments) {
    for (const container of podSpec(deployment)?.containers ?? []) {
      const where = `Deployment ${deployment.metadata.name}, container ${container.name}`;
      if (container.readinessProbe?.httpGet?.path !== '/readyz')
        problems.push(`${where}: readiness must be probed on /readyz`);
      if (container.livenessProbe?.httpGet?.path !== '/healthz')
        problems.push(`${where}: liveness must be probed on /healthz`);
      if (!(Number(container.lifecycle?.preStop?.sleep?.seconds) > 0))
        problems.push(`${where}: a preStop pause must let the pod leave its Service before it stops`);
    }
    const labels = templateLabels(deployment);
    const selects = (kind: string, selectorOf: (o: K8sObject) => Record<string, string>) =>
      named(kind).some((o) => matches(selectorOf(o), labels));
    if (!selects('Service', (o) => (o.spec as { selector?: Record<string, string> }).selector ?? {}))
      problems.push(`Deployment ${deployment.metadata.name}: no Service selects its pods`);
    if (
      !selects(
        'PodDisruptionBudget',
        (o) =>
          (o.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels ?? {},
      )
    )
      problems.push(`Deployment ${deployment.metadata.name}: no PodDisruptionBudget covers its pods`);
    problems.push(...metricsProblems(deployment, named('NetworkPolicy')));
  }
  for (const hpa of named('HorizontalPodAutoscaler')) {
    const target = (hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef;
    if (!objects.some((o) => o.kind === target.kind && o.metadata.name === target.name))
      problems.push(
        `HorizontalPodAutoscaler ${hpa.metadata.name} scales ${target.kind} ${target.name}, which is not there`,
      );
  }
  for (const required of ['catalog-service', 'product-service', 'content-service']) {
    const scaled = named('HorizontalPodAutoscaler').some(
      (hpa) => (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === required,
    );
    if (!scaled) problems.push(`the read service ${required} has no HorizontalPodAutoscaler`);
  }
  if (!named('Job').some((job) => job.metadata.name === 'migrate')) problems.push('no migration Job');
  return problems;
}

interface ComposeService {
  image?: string;
  build?: unknown;
  depends_on?: Record<string, unknown> | string[];
  env_file?: string[];
  volumes?: string[];
  secrets?: string[];
}

/** A file the compose file names: there, or an .example beside it that the operator copies. */
const presentOrExample = (file: string) =>
  existsSync(path.join(REPO_ROOT, file)) || existsSync(path.join(REPO_ROOT, `${file}.example`));

export function composeProblems(source: string): string[] {
  const compose = parseYaml(source, { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes?: Record<string, unknown>;
    secrets?: Record<string, { file?: string }>;
  };
  const problems: string[] = [];
  const services = compose.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name}: neither an image nor a build`);
    const dependencies = Array.isArray(service.depends_on)
      ? service.depends_on
      : Object.keys(service.depends_on ?? {});
    for (const dependency of dependencies)
      if (!services[dependency]) problems.push(`${name} depends on ${dependency}, which is not a service`);
    for (const file of service.env_file ?? [])
      if (!presentOrExample(file))
        problems.push(`${name}: env_file ${file} is missing (and has no .example)`);
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (!source.startsWith('.') && !source.startsWith('/') && !(source in (compose.volumes ?? {})))
        problems.push(`${name}: volume ${source} is not declared`);
      if (source.startsWith('.') && !existsSync(path.join(REPO_ROOT, source)))
        problems.push(`${name}: ${source} does not exist`);
    }
    for (const secret of service.secrets ?? [])
      if (!compose.secrets?.[secret]) problems.push(`${name}: secret ${secret} is not declared`);
  }
  for (const [name, secret] of Object.entries(compose.secrets ?? {}))
    if (secret.file && !presentOrExample(secret.file))
      problems.push(`secret ${name}: ${secret.file} is missing (and has no .example)`);
  return problems;
}

export const readRepoFile = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Whether an overlay gives each module's Deployment its own release (an image tag of its own). */
export function moduleImageProblems(overlayDir: string, modules: string[]): string[] {
  return modules
    .filter((module) => !moduleImageTag(overlayDir, module))
    .map(
      (module) =>
        `${overlayDir}: no image tag for ${moduleImage(module)}, so ${module} cannot be released alone`,
    );
}
