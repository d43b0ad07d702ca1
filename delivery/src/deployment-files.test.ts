import { execFileSync } from 'node:child_process';
import { composeProblems, kubernetesProblems, readRepoFile } from './deployment-files';
import { REPO_ROOT } from './modules';

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
