import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../modules';
import { mutationMarkdown, type StrykerReport } from '../mutation-summary';

/** `npm run test:mutation`'s last step: reports/mutation.md from the reports the run just wrote. */
const folder = path.join(REPO_ROOT, 'reports/mutation');
const reports = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: path.basename(file, '.json'),
    report: JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as StrykerReport,
  }));
writeFileSync(path.join(REPO_ROOT, 'reports/mutation.md'), mutationMarkdown(reports));
console.log(`reports/mutation.md written from ${reports.length} StrykerJS reports`);
