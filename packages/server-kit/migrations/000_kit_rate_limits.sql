-- Rate-limit counters shared by every instance of a service on PostgreSQL when no Redis is configured
-- (services/kit, rate-limit: postgresLimits). The columns are rate-limiter-flexible's; one table serves
-- every limiter of the service, each key prefixed with the limiter's name.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
