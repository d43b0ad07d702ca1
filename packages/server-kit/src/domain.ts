/**
 * What a service's domain/ may take from the kit (`@storefront/server-kit/domain`): how a use case
 * refuses, how it waits out an outage, and the shapes of the ports it is handed. Nothing here loads
 * express, pg, ioredis or any other package at run time (server-kit/test/domain-entry.test.ts holds
 * it to that), so a domain module can be read and tested without a server's parts.
 */
export { DomainError, isRefusal, type FieldError, type Refusal } from './domain-errors';
export { holdThroughOutage, isDatabaseUnreachable } from './outage-hold';
export { isUniqueViolation, type Database, type Queryable } from './database';
export type { Limiter } from './rate-limit';
export type { BackoffOptions, FailureBackoff } from './failure-backoff';
export type { Logger } from './logger';
export type { AccountSessions } from './account-sessions';
export { signedInAccount } from './signed-in-account';
