import { activate, publish } from '@storefront/artifact-store';
import { expect, test } from '@playwright/test';
import { changedCopyOf, stackArtifacts } from '../../support/builds';

test.describe.configure({ mode: 'serial' });

/** What the shell believes is live for a module (it serves pages from the same view). */
async function liveVersion(request: import('@playwright/test').APIRequestContext, module: string) {
  const registry = (await (await request.get('/registry.json')).json()) as {
    modules: Record<string, { version: string }>;
  };
  return registry.modules[module]!.version;
}

test('a deploy and a rollback change the pages the shell keeps for everyone at once', async ({ request }) => {
  const artifacts = stackArtifacts();
  const live = (await artifacts.registry.read()).modules.content!;
  const manifest = live.versions.find((record) => record.version === live.live)!.manifest;
  // An anonymous page, kept after its first request.
  const page = async () => (await request.get('/refund-policy', { headers: { cookie: '' } })).text();
  await page();
  expect(await page()).toContain('Last updated');

  const revised = await publish(
    artifacts,
    'content',
    changedCopyOf(artifacts.files, 'content', live.live!, '"Last updated "', '"Last revised "'),
    { packageVersion: '0.0.0-revised', commit: 'e2e', by: 'e2e', manifest },
  );
  await activate(artifacts.registry, 'content', revised.version, 'e2e');
  try {
    await expect.poll(() => liveVersion(request, 'content')).toBe(revised.version);
    // The first request after the shell knows of the deploy: never the page it kept of the old version,
    // but the new version's (rendered, or left for the browser to render where loading the new server
    // code took longer than the render budget, as on a busy machine; such a page is not kept).
    const deployed = await page();
    expect(deployed).not.toContain('Last updated');
    expect(deployed).toContain(`/remotes/content/${revised.version}/`);
    await expect.poll(page).toContain('Last revised');
  } finally {
    await activate(artifacts.registry, 'content', live.live!, 'e2e', 'rollback');
  }
  await expect.poll(() => liveVersion(request, 'content')).toBe(live.live);
  const rolledBack = await page();
  expect(rolledBack).not.toContain('Last revised');
  expect(rolledBack).toContain(`/remotes/content/${live.live}/`);
  await expect.poll(page).toContain('Last updated');
});
