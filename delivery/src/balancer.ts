import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { balancedEndpoints, type Endpoint, type StackPlan } from './stack-plan';

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

/**
 * One upstream and one listening server per balanced part, round robin. In front of the shells nginx is
 * the edge: the client is the peer it saw and a forwarded address the client wrote is dropped. In front
 * of services the shell (or another service) is the client: its X-Forwarded-For is kept and nginx adds
 * the caller, as a Kubernetes Service would pass the connection on. An instance that refuses a
 * connection is skipped for two seconds and the request tried on the next one; a request already sent
 * is never sent twice (nginx does not retry non-idempotent requests), so no order is placed twice.
 */
function serverBlock(endpoint: Endpoint): string {
  const edge = endpoint.part === 'shell';
  return `
  upstream ${endpoint.part.replace(/-/g, '_')} {
${endpoint.instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${endpoint.port};
    location / {
      proxy_pass http://${endpoint.part.replace(/-/g, '_')};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${edge ? '$remote_addr' : '$proxy_add_x_forwarded_for'};
${edge ? '      proxy_set_header X-Service-Key "";\n' : ''}      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      proxy_buffering off;
    }
  }`;
}

/** nginx's configuration for a local multi-instance stack; its files live in `runDir`. */
export function balancerConfig(plan: StackPlan, runDir: string): string {
  const temp = path.join(runDir, 'nginx');
  return `# Written by npm start for this run: nginx in front of every part that has more than one instance.
worker_processes 1;
pid ${path.join(runDir, 'nginx.pid')};
error_log ${path.join(runDir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_max_body_size 2m;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${balancedEndpoints(plan).map(serverBlock).join('\n')}
}
`;
}

/** Writes the configuration and returns the command that runs nginx in the foreground with it. */
export function balancerCommand(plan: StackPlan, runDir: string): string[] {
  mkdirSync(path.join(runDir, 'nginx'), { recursive: true });
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
