import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A measured section of the report: its lines, and whether any of its budgets was missed. */
export interface SectionReport {
  lines: string[];
  missed: boolean;
}

/** Writes the report of measured sections, shows it, and fails the run when a budget was missed. */
export function writeReport(file: string, title: string, command: string, sections: SectionReport[]): void {
  const report = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString()} on ${process.platform} with Node ${process.version} by \`${command}\`.`,
    '',
    ...sections.flatMap((section) => section.lines),
  ].join('\n');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, report);
  console.log(report);
  if (sections.some((section) => section.missed)) {
    console.error('A budget was missed: that is a regression to fix.');
    process.exitCode = 1;
  }
}
