export { freezeInstance, killInstance, runDrill, type DrillOutcome, type Fault } from './drill';
export { postgresLedger, sandboxLedger, type OrderLedger } from './order-ledger';
export { canRestartPostgres, restartPostgres, StackHandle, stopRedisFor } from './stack-handle';
export { type ShopperStep } from './shopper-traffic';
