import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDGE_DIR, nginxExecutable, njsModule } from '../balancer';
import {
  composeProblems,
  kubernetesProblems,
  moduleImageProblems,
  readRepoFile,
  serviceIngressProblems,
} from '../deployment-files';
import { serviceCallers } from '../service-callers';
import { REPO_ROOT, serviceProcesses, remoteModules } from '../modules';

/**
 * `npm run verify-deployment`: what CI can check of the deployment files without a cluster or a Docker
 * engine. The production overlay renders with `kubectl kustomize` and holds (probes, secrets by
 * reference, selectors, autoscalers), and gives each module's service an image tag of its own; the compose file parses and names only what exists; both nginx
 * configurations pass `nginx -t` (their host names pointed at loopback, TLS left out), and so does the
 * Kubernetes edge's.
 */
function nginxSyntaxProblems(file: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-check-'));
  const server = readFileSync(path.join(REPO_ROOT, file), 'utf8')
    .replace(/server ([a-z0-9.-]+):(\d+)/g, 'server 127.0.0.1:$2')
    .replace(/listen 443 ssl http2;/, 'listen 127.0.0.1:18443;')
    .replace(/https:\/\/[a-z0-9.-]+/g, 'http://127.0.0.1:9')
    .replace(/listen 80;/, 'listen 127.0.0.1:18080;');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n${server}\n}\n`,
  );
  return nginxTest(file, dir);
}

/**
 * The edge's whole configuration under `nginx -t`, as the edge pod runs it: its files where the pod
 * mounts them (here, the repository's), its cache in a folder of its own, the shells at loopback.
 */
function edgeSyntaxProblems(): string[] {
  const file = path.relative(REPO_ROOT, path.join(EDGE_DIR, 'nginx.conf'));
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-edge-check-'));
  const config = readFileSync(path.join(EDGE_DIR, 'nginx.conf'), 'utf8')
    .replace('modules/ngx_http_js_module.so', njsModule())
    .replaceAll('/tmp/', `${dir}/`)
    .replaceAll('/etc/nginx/edge', EDGE_DIR)
    .replaceAll('/var/cache/edge', dir)
    .replace(/server ([a-z0-9.-]+):(\d+)/g, 'server 127.0.0.1:$2')
    .replace(/listen (\d+);/g, 'listen 127.0.0.1:1$1;');
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  return nginxTest(file, dir);
}

function nginxTest(file: string, dir: string): string[] {
  try {
    execFileSync(nginxExecutable(), ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
      stdio: 'pipe',
    });
    return [];
  } catch (error) {
    return [`${file}: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`];
  }
}

async function main() {
  const rendered = execFileSync('kubectl', ['kustomize', 'infra/k8s/overlays/production'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  const problems = [
    ...kubernetesProblems(rendered).map((p) => `kubernetes: ${p}`),
    ...serviceIngressProblems(rendered, await serviceCallers()).map((p) => `kubernetes: ${p}`),
    ...moduleImageProblems(
      path.join(REPO_ROOT, 'infra/k8s/overlays/production'),
      remoteModules.map((m) => m.name).filter((m) => serviceProcesses.some((s) => s.name === m)),
    ),
    ...composeProblems(readRepoFile('compose.yaml')).map((p) => `compose.yaml: ${p}`),
    ...nginxSyntaxProblems('infra/compose/nginx.conf'),
    ...nginxSyntaxProblems('infra/nginx/storefront.conf'),
    ...edgeSyntaxProblems(),
  ];
  if (problems.length) {
    console.error(`The deployment files do not hold:\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log(
    'Deployment files hold: the production overlay renders (each service reachable only by its callers), compose.yaml parses, nginx configurations pass nginx -t.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
