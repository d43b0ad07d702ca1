import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Artifacts } from '@storefront/artifact-store';
import { createLogger } from '@storefront/server-kit';
import { createShellServer } from '@storefront/shell/server/app';
import { readShellSettings } from '@storefront/shell/server/config';
import { chromium } from 'playwright-core';
import { SERVER_MODULE } from '@storefront/routing/module';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium';

interface ManifestExpose {
  name: string;
}

/**
 * Proves a published (not yet live) version works before anyone sees it: its mf-manifest.json names
 * every exposed module, and in Chromium the real shell, on a private server that treats the candidate
 * as live, loads each exposed module through the federation runtime. Throws with every failure found.
 */
export async function smokeCheck(
  { files, registry }: Pick<Artifacts, 'files' | 'registry'>,
  module: string,
  version: string,
  exposes: string[],
): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(path.join(files.versionDir(module, version), 'mf-manifest.json'), 'utf8'),
  ) as {
    name: string;
    exposes: ManifestExpose[];
  };
  const manifestProblems = [
    ...(manifest.name === module ? [] : [`mf-manifest.json names "${manifest.name}", not "${module}"`]),
    ...exposes
      .filter((e) => !manifest.exposes.some((m) => m.name === e))
      .map((e) => `mf-manifest.json lacks ${e}`),
  ];
  if (manifestProblems.length) throw new Error(manifestProblems.join('; '));

  // The registry as it is, with the candidate live: only this private server sees it so.
  const live = await registry.read();
  live.modules[module] = { ...live.modules[module]!, live: version };
  const candidate = { files, registry: () => live };
  // PORT only satisfies the schema: this private server listens on a free port of its own.
  const config = readShellSettings({ ...process.env, PORT: '3000', LOG_LEVEL: 'silent' });
  const server = createServer(
    createShellServer(config, candidate, createLogger('smoke-check', 'silent')),
  ).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${base}/__smoke-check`);
    await page.waitForFunction(() => {
      const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: unknown[] } }).__FEDERATION__;
      return (federation?.__INSTANCES__?.length ?? 0) > 0;
    });
    const failures = await page.evaluate(
      async ({ name, entry, exposed, serverModule }) => {
        type Instance = {
          name: string;
          registerRemotes(remotes: unknown[], options: unknown): void;
          loadRemote(id: string): Promise<Record<string, unknown> | null>;
        };
        const instances = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } })
          .__FEDERATION__.__INSTANCES__;
        const shell = instances.find((instance) => instance.name === 'shell')!;
        shell.registerRemotes([{ name, entry }], { force: true });
        const problems: string[] = [];
        for (const expose of exposed) {
          try {
            const loaded = await shell.loadRemote(`${name}/${expose}`);
            // The server module (actions, loaders, visitor seeds) has named exports only; the rest a default.
            const fits =
              expose === serverModule
                ? typeof loaded?.actions === 'object' ||
                  typeof loaded?.loaders === 'object' ||
                  typeof loaded?.visitor === 'function'
                : Boolean(loaded?.default);
            if (!loaded || loaded.__storefrontRemoteUnavailable || !fits)
              problems.push(`${expose} did not load`);
          } catch (error) {
            problems.push(`${expose}: ${(error as Error).message}`);
          }
        }
        return problems;
      },
      {
        name: module,
        entry: `/remotes/${module}/${version}/remoteEntry.js`,
        exposed: exposes,
        serverModule: SERVER_MODULE,
      },
    );
    const all = [...failures, ...pageErrors.map((message) => `page error: ${message}`)];
    if (all.length) throw new Error(all.join('; '));
  } finally {
    await browser.close();
    server.close();
  }
}
