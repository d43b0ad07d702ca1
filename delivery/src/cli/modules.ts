import {
  DEVELOPMENT_SERVICE_KEY,
  localUrl,
  SERVICE_KEY_HEADER,
  serviceUrlVariable,
} from '@storefront/service-kit';
import { remoteModules, serviceProcesses } from '../modules';
import { openStackArtifacts } from '../publish';

async function health(url: string): Promise<string> {
  try {
    // The probes only say up or down; the version is told to holders of the service key.
    const headers = { [SERVICE_KEY_HEADER]: process.env.SERVICE_KEY ?? DEVELOPMENT_SERVICE_KEY };
    const [status, ready] = await Promise.all(
      ['internal/status', 'readyz'].map((probe) =>
        fetch(`${url}/${probe}`, { headers, signal: AbortSignal.timeout(2000) }),
      ),
    );
    const { version } = (await status!.json()) as { version?: string };
    return `${ready!.ok ? 'ready' : 'NOT READY'} (service ${version ?? '?'})`;
  } catch {
    return 'DOWN';
  }
}

/** `npm run modules`: each module's live version, the versions before it, and its service's health. */
async function main() {
  const offset = Number(process.env.STOREFRONT_PORT_OFFSET ?? 0);
  const artifacts = await openStackArtifacts();
  const registry = await artifacts.registry.read().finally(() => artifacts.close());
  for (const remote of remoteModules) {
    const record = registry.modules[remote.name];
    const service = serviceProcesses.find((s) => s.name === remote.name);
    const url = service && (process.env[serviceUrlVariable(service.name)] ?? localUrl(service.name, offset));
    console.log(`${remote.name}`);
    console.log(`  live:     ${record?.live ?? 'not deployed'}`);
    const live = record?.versions.find((v) => v.version === record.live);
    if (live)
      console.log(`            published ${live.publishedAt} by ${live.publishedBy} from ${live.commit}`);
    const earlier = (record?.history ?? []).filter((h) => h.version !== record?.live).map((h) => h.version);
    console.log(`  previous: ${[...new Set(earlier.reverse())].slice(0, 5).join(', ') || 'none'}`);
    const last = record?.history.at(-1);
    if (last) console.log(`  last change: ${last.action} to ${last.version} at ${last.at} by ${last.by}`);
    console.log(`  service:  ${url ? `${url} ${await health(url)}` : 'none'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
