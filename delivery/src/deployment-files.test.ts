import { execFileSync } from 'node:child_process';
import {
  composeProblems,
  kubernetesProblems,
  readRepoFile,
  serviceIngressProblems,
} from './deployment-files';
import { REPO_ROOT } from './modules';
import { serviceCallers } from './service-callers';

const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the Kubernetes manifests', () => {
  (hasKubectl ? it : it.skip)('render for production and hold', () => {
    const rendered = execFileSync('kubectl', ['kustomize', 'infra/k8s/overlays/production'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(kubernetesProblems(rendered)).toEqual([]);
  });

  it('are refused with an inlined secret, a missing probe, no pause before stopping, a stray autoscaler, no budget and open metrics', () => {
    const spoilt = `
kind: Deployment
metadata: { name: catalog-service }
spec:
  template:
    metadata: { labels: { app: catalog } }
    spec:
      containers:
        - name: service
          image: storefront:1
          env: [{ name: JWT_SECRET, value: hunter2 }]
          ports: [{ name: metrics, containerPort: 9464 }]
          livenessProbe: { httpGet: { path: /healthz } }
---
kind: Deployment
metadata: { name: shell }
spec:
  template:
    metadata: { labels: { app: shell } }
    spec:
      containers:
        - name: shell
          image: storefront:1
          ports: [{ name: metrics, containerPort: 9464 }]
          readinessProbe: { httpGet: { path: /readyz } }
          livenessProbe: { httpGet: { path: /healthz } }
          lifecycle: { preStop: { sleep: { seconds: 5 } } }
---
kind: Service
metadata: { name: catalog-service }
spec: { selector: { app: catalog } }
---
kind: Service
metadata: { name: shell }
spec: { selector: { app: shell } }
---
kind: PodDisruptionBudget
metadata: { name: shell }
spec: { selector: { matchLabels: { app: shell } } }
---
kind: NetworkPolicy
metadata: { name: open-metrics }
spec:
  podSelector: { matchExpressions: [{ key: app, operator: In, values: [shell] }] }
  ingress: [{ ports: [{ port: 9464 }] }]
---
kind: Secret
metadata: { name: storefront-secrets }
---
kind: HorizontalPodAutoscaler
metadata: { name: product-service }
spec: { scaleTargetRef: { kind: Deployment, name: product-service } }
`;
    expect(kubernetesProblems(spoilt)).toEqual([
      'Deployment catalog-service, container service: JWT_SECRET must come from a Secret (secretKeyRef)',
      'Secret storefront-secrets is written in the manifests; reference it instead',
      'Deployment catalog-service, container service: readiness must be probed on /readyz',
      'Deployment catalog-service, container service: a preStop pause must let the pod leave its Service before it stops',
      'Deployment catalog-service: no PodDisruptionBudget covers its pods',
      'Deployment catalog-service: no NetworkPolicy limits who may read its metrics port',
      'NetworkPolicy open-metrics lets anyone read the metrics port of shell',
      'HorizontalPodAutoscaler product-service scales Deployment product-service, which is not there',
      'the read service catalog-service has no HorizontalPodAutoscaler',
      'the read service content-service has no HorizontalPodAutoscaler',
      'no migration Job',
    ]);
  });
});

describe("who may reach a service's http port", () => {
  (hasKubectl ? it : it.skip)('only the parts that call it, in the production manifests', async () => {
    const rendered = execFileSync('kubectl', ['kustomize', 'infra/k8s/overlays/production'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const callers = await serviceCallers();
    // The callers come from the services' own settings: checkout's names the catalog, the account and
    // the affiliate service; the product's, the catalog; the affiliate service's, checkout and account.
    expect(callers.catalog).toEqual(expect.arrayContaining(['shell', 'checkout', 'product']));
    expect(callers.product).toEqual(['shell']);
    expect(serviceIngressProblems(rendered, callers)).toEqual([]);
  });

  it('is refused when anyone, another namespace, or a part that does not call it may reach it', () => {
    const deployment = (part: string) => `
kind: Deployment
metadata: { name: ${part}-service }
spec: { template: { metadata: { labels: { app.kubernetes.io/name: ${part} } } } }`;
    const spoilt = [
      deployment('catalog'),
      deployment('checkout'),
      deployment('content'),
      `
kind: NetworkPolicy
metadata: { name: storefront-ingress }
spec:
  podSelector: { matchExpressions: [{ key: app.kubernetes.io/name, operator: In, values: [catalog, checkout] }] }
  ingress: [{ ports: [{ port: http }] }]`,
      `
kind: NetworkPolicy
metadata: { name: content-http }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/name: content } }
  ingress:
    - from:
        - podSelector: { matchLabels: { app.kubernetes.io/name: shell } }
        - podSelector: { matchLabels: { app.kubernetes.io/name: checkout } }
        - namespaceSelector: { matchLabels: { team: other } }
      ports: [{ port: http }]`,
    ].join('\n---');
    expect(
      serviceIngressProblems(spoilt, {
        catalog: ['shell', 'product'],
        checkout: ['shell'],
        content: ['shell'],
      }),
    ).toEqual([
      'NetworkPolicy storefront-ingress lets anyone reach the http port of catalog',
      "catalog's http port does not admit shell, product, which call it",
      'NetworkPolicy storefront-ingress lets anyone reach the http port of checkout',
      "checkout's http port does not admit shell, which call it",
      'NetworkPolicy content-http lets pods it does not name by part reach the http port of content',
      "content's http port admits checkout, which do not call it",
    ]);
  });
});

describe('the compose file', () => {
  it('parses and names only what exists', () => {
    expect(composeProblems(readRepoFile('compose.yaml'))).toEqual([]);
  });

  it('is refused when it names a service, a file or a volume that is not there', () => {
    const spoilt = `
services:
  shell:
    image: storefront
    depends_on: [catalog]
    env_file: [infra/compose/nowhere.env]
    volumes: ['artifacts:/data']
`;
    expect(composeProblems(spoilt)).toEqual([
      'shell depends on catalog, which is not a service',
      'shell: env_file infra/compose/nowhere.env is missing (and has no .example)',
      'shell: volume artifacts is not declared',
    ]);
  });
});
