import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LISTEN_BACKLOG } from '@storefront/server-kit';
import { REPO_ROOT } from './modules';
import { balancedEndpoints, edgeControlPort, type Endpoint, type StackPlan } from './stack-plan';

/** Debian's nginx (`apt-get install nginx`), or the one NGINX_PATH names. */
export function nginxExecutable(): string {
  const candidate = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!existsSync(candidate)) {
    throw new Error(
      `More than one instance of each part needs nginx in front of them, and there is none at ${candidate}: install it (apt-get install nginx) or set NGINX_PATH.`,
    );
  }
  return candidate;
}

/** Debian's njs module for nginx (`apt-get install libnginx-mod-http-js`), which runs the page cache's generation. */
export function njsModule(): string {
  const candidate = process.env.NGINX_JS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so';
  if (!existsSync(candidate)) {
    throw new Error(
      `The balancer keeps pages with nginx's JavaScript module, and there is none at ${candidate}: install it (apt-get install libnginx-mod-http-js) or set NGINX_JS_MODULE.`,
    );
  }
  return candidate;
}

/** The page cache's rules, one copy for this balancer and the Kubernetes edge. */
export const EDGE_DIR = path.join(REPO_ROOT, 'infra/k8s/base/edge');

/**
 * Where an order is placed, at each balanced part: through a shell, or at a checkout instance. The
 * checkout service makes an order once per Idempotency-Key, so a keyed order is the one POST that may
 * be sent to a second instance after the first failed.
 */
const KEYED_ORDER_PATHS: Partial<Record<Endpoint['part'], string>> = {
  shell: '/api/checkout/orders',
  checkout: '/orders',
};

/** What every location of a part says about passing a request on to one of its instances. */
function proxySettings(endpoint: Endpoint, retryOn: string, cached = false): string {
  const edge = endpoint.part === 'shell';
  // A cached location buffers (nginx keeps only what it buffered); the others pass bytes as they come.
  return `      proxy_pass http://${upstreamName(endpoint)};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${edge ? '$remote_addr' : '$proxy_add_x_forwarded_for'};
${edge ? '      proxy_set_header X-Service-Key "";\n' : ''}      proxy_next_upstream ${retryOn};
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
${cached ? `      include ${path.join(EDGE_DIR, 'page-cache-location.conf')};` : '      proxy_buffering off;'}`;
}

const upstreamName = (endpoint: Endpoint) => endpoint.part.replace(/-/g, '_');

/**
 * One upstream and one listening server per balanced part, round robin. In front of the shells nginx is
 * the edge: the client is the peer it saw and a forwarded address the client wrote is dropped. In front
 * of services the shell (or another service) is the client: its X-Forwarded-For is kept and nginx adds
 * the caller, as a Kubernetes Service would pass the connection on. An instance that refuses or drops a
 * connection, or answers 502/503 (dying, or shedding load), has the request sent to the next one when
 * that is safe: any GET or HEAD (nginx repeats only idempotent methods), and a keyed order, whose body
 * nginx has read whole before sending. Any other POST that reached an instance is never sent twice. No
 * instance is ever marked down (max_fails=0): a 502 or 503 is often one relayed from a service behind
 * it, and marking each instance down on one made every instance of a part unavailable for seconds at
 * once (the scale suite's drills saw nginx answer 502 for everything); a dead one costs a refused
 * connection, and the next instance answers.
 */
function serverBlock(endpoint: Endpoint): string {
  const upstream = upstreamName(endpoint);
  const keyedPath = KEYED_ORDER_PATHS[endpoint.part];
  const retry = 'error timeout http_502 http_503';
  const keyedOrders = keyedPath
    ? `
    location = ${keyedPath} {
      error_page 418 = @keyed_order;
      if ($keyed_post) { return 418; }
${proxySettings(endpoint, retry)}
    }
    location @keyed_order {
${proxySettings(endpoint, `${retry} non_idempotent`)}
    }`
    : '';
  return `
  upstream ${upstream} {
${endpoint.instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${endpoint.port} backlog=${LISTEN_BACKLOG};
    location / {
${proxySettings(endpoint, retry, endpoint.part === 'shell')}
    }${keyedOrders}
  }`;
}

/**
 * Where the stack's services and shells hold and release the page cache (page-cache.js), on loopback,
 * with the service key. Only this run's processes know the port.
 */
function edgeControlServer(plan: StackPlan): string {
  return `
  server {
    listen 127.0.0.1:${edgeControlPort(plan)};
    location /edge/ { js_content edge.control; }
  }`;
}

/** nginx's configuration for a local multi-instance stack; its files live in `runDir`. */
export function balancerConfig(plan: StackPlan, runDir: string): string {
  const temp = path.join(runDir, 'nginx');
  return `# Written by npm start for this run: nginx in front of every part that has more than one instance.
load_module ${njsModule()};
worker_processes 1;
env EDGE_CONTROL_KEY;
pid ${path.join(runDir, 'nginx.pid')};
error_log ${path.join(runDir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  # Strangers learn nothing of the balancer's version from its own answers (a 400, a 502).
  server_tokens off;
  client_max_body_size 2m;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  # A POST that names its Idempotency-Key: made once by its key, however many times it is sent.
  map "$request_method:$http_idempotency_key" $keyed_post {
    "~^POST:.+" 1;
    default 0;
  }
  # Anonymous pages, kept in front of the shells (see ${path.join(EDGE_DIR, 'page-cache-http.conf')}).
  js_path ${EDGE_DIR};
  js_var $edge_state_dir ${path.join(runDir, 'edge')};
  proxy_cache_path ${path.join(temp, 'pages')} keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  include ${path.join(EDGE_DIR, 'page-cache-http.conf')};
${balancedEndpoints(plan).map(serverBlock).join('\n')}
${edgeControlServer(plan)}
}
`;
}

/**
 * The page cache's state, new for each run: a first generation and no holds. nginx's workers drop root's
 * rights when the balancer runs as root, and they write here.
 */
function freshEdgeState(runDir: string) {
  const state = path.join(runDir, 'edge');
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  writeFileSync(path.join(state, `generation.${randomBytes(8).toString('hex')}`), '');
  chmodSync(state, 0o777);
}

/** Writes the configuration and returns the command that runs nginx in the foreground with it. */
export function balancerCommand(plan: StackPlan, runDir: string): string[] {
  mkdirSync(path.join(runDir, 'nginx'), { recursive: true });
  freshEdgeState(runDir);
  const config = path.join(runDir, 'nginx.conf');
  writeFileSync(config, balancerConfig(plan, runDir));
  return [
    nginxExecutable(),
    '-p',
    runDir,
    '-e',
    path.join(runDir, 'nginx-error.log'),
    '-c',
    config,
    '-g',
    'daemon off;',
  ];
}
