import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SHARED_BROWSER_SOURCES } from './modules';

const STAMP = '.build-stamp';
const BUILD_SCRIPT = path.join(REPO_ROOT, 'packages/mf-config/src/build.js');

function hashInputs(appDir: string): string {
  const hash = createHash('sha256');
  const add = (target: string) => {
    const full = path.join(REPO_ROOT, target);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (!/\.test\.tsx?$/.test(name)) add(path.join(target, name));
      }
    } else {
      hash.update(target).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const input of [
    `${appDir}/src`,
    `${appDir}/package.json`,
    `${appDir}/webpack.config.js`,
    ...SHARED_BROWSER_SOURCES,
    'package-lock.json',
  ]) {
    add(input);
  }
  hash.update(process.env.NODE_ENV ?? 'production');
  return hash.digest('hex');
}

export function distDir(appDir: string): string {
  return path.join(REPO_ROOT, appDir, 'dist');
}

/** True when the app's last build came from exactly the current sources. */
export function isFresh(appDir: string): boolean {
  const stamp = path.join(distDir(appDir), STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hashInputs(appDir);
}

/** Builds an app in its own process (so two builds use both cores), unless nothing changed. */
export async function buildApp(appDir: string, { force = false } = {}): Promise<'built' | 'fresh'> {
  if (!force && isFresh(appDir)) return 'fresh';
  const inputs = hashInputs(appDir);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [BUILD_SCRIPT, path.join(REPO_ROOT, appDir)], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Build of ${appDir} failed (exit ${code})`)),
    );
  });
  writeFileSync(path.join(distDir(appDir), STAMP), inputs);
  return 'built';
}

/** Runs builds two at a time: the machine's cores, not more. */
export async function buildApps(appDirs: string[], concurrency = 2): Promise<void> {
  const queue = [...appDirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const outcome = await buildApp(dir);
      console.log(`  ${dir}: ${outcome === 'fresh' ? 'up to date' : 'built'}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, appDirs.length) }, worker));
}
