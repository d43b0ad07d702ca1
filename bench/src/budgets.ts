import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ROOT } from './paths';

export interface LoadBudgets {
  connections: number;
  seconds: number;
  minReadShareDirect: number;
  minReadShareThroughShell: number;
  maxReadP99DirectMs: number;
  maxReadP99ThroughShellMs: number;
  orderClients: number[];
  budgetedOrderClients: number;
  /** Orders sent per run: a fixed count, so every one is answered and can be accounted for. */
  ordersPerRun: number;
  maxOrderP99Ms: number;
  minOrdersPerSecondPostgres: number;
  minOrdersPerSecondEmbedded: number;
}

/** A kept page under a crowd, beside bare node:http sending the same bytes. */
export interface PageShareBudgets {
  connections: number;
  seconds: number;
  /** An anonymous page's requests/s at least this share of bare node:http sending the same bytes. */
  minShareOfBare: number;
  /** Its p99 at most this many times bare's, where a target names a bound. */
  maxP99OverBare?: number;
}

export interface PageCrowdBudgets extends PageShareBudgets {
  maxP99OverBare: number;
}

export interface CrowdBudgets {
  /** A crowd the machine can serve: bare node:http answers it in a fraction of a second. */
  connections: number;
  seconds: number;
  /** Pages the shell answers (not 503) at least this share of what bare node:http answers. */
  minAnsweredShareOfBare: number;
  /** Of the shell's answers, at most this share 503. */
  maxRefusedShare: number;
  /** The answered pages' p99 at most this many times bare's. */
  maxAnsweredP99OverBare: number;
  /** A crowd the machine cannot serve: still no request unanswered, every probe answered in time. */
  overwhelmingConnections: number;
  /** A probe's answer within this (a kubelet's default probe timeout is 1 s). */
  maxProbeMs: number;
}

/** Every budget the report is judged by: bench/budgets.json, which only an issue's targets change. */
export interface Budgets {
  minPerformanceScore: number;
  minPerformanceScoreInAnyRun: number;
  maxLcpMs: number;
  maxTbtMs: number;
  /** A page's TBT at most the floor app's, measured in the same run, plus this. */
  maxTbtOverFloorMs: number;
  maxInpMs: number;
  maxCls: number;
  maxHomeJsKb: number;
  maxApiP95Ms: number;
  /** Everything `npm start` runs, idle: the sum of its processes' proportional resident memory. */
  maxIdleStackMb: number;
  load: LoadBudgets;
  pageCrowd: PageCrowdBudgets;
  /** A kept page through the two-instance stack's nginx: the balancer's figure (issue 42). */
  balancedPage: PageShareBudgets;
  crowd: CrowdBudgets;
}

export const readBudgets = (): Budgets =>
  JSON.parse(readFileSync(path.join(BENCH_ROOT, 'budgets.json'), 'utf8')) as Budgets;
