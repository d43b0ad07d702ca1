import type { LoadFigures } from '../measure/load';
import { round } from './numbers';

export interface LoadRow {
  label: string;
  figures: LoadFigures;
  /** Budget misses, in words; null for a reference row. */
  misses: string[] | null;
  note?: string;
  /** requests/s as a share of the bare server's, for reads. */
  share?: number;
}

/** A row of the report's load tables: the figures and the verdict against the budgets. */
export function loadRow(row: LoadRow): string {
  const { figures, misses } = row;
  const verdict = misses === null ? 'reference' : misses.length ? `**missed**: ${misses.join('; ')}` : 'ok';
  const share = row.share === undefined ? '' : `${round(row.share * 100, 1)} %`;
  return `| ${row.label} | ${round(figures.requestsPerSecond)} | ${figures.p50} ms | ${figures.p99} ms | ${share} | ${figures.errors} | ${row.note ?? ''} | ${verdict} |`;
}
