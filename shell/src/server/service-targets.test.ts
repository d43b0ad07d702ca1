import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readShellConfig } from './config';
import { configuredEndpoint, createServiceTargets } from './service-targets';

const poolOptions = { connections: 2, headersTimeout: 5_000, bodyTimeout: 5_000 };

describe("where the shell finds a module's service", () => {
  let server: Server;
  let serviceUrl: string;

  beforeAll(async () => {
    server = createServer((req, res) => res.end(`affiliate answered ${req.url}`)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('serves a module it was never built to know once the registry has it live, and no name before', async () => {
    const config = readShellConfig({ AFFILIATE_SERVICE_URL: serviceUrl });
    const live = ['catalog'];
    const targets = createServiceTargets(config, null, () => live, poolOptions);

    expect(targets.targetFor('affiliate')).toBeNull();
    live.push('affiliate');
    const target = targets.targetFor('affiliate');
    const answer = await target!.pool.request({ method: 'GET', path: '/portal' });
    expect(await answer.body.text()).toBe('affiliate answered /portal');
    expect(target!.release).toBe('configured');
    await targets.close();
  });

  it("takes a module's own variables first, then the template, then the kit's development port", () => {
    const config = readShellConfig({
      AFFILIATE_SERVICE_URL: 'http://affiliate.internal:4006',
      AFFILIATE_SERVICE_SOCKET: '/run/affiliate.sock',
      SERVICE_URL_TEMPLATE: 'http://{module}-service',
    });
    expect(configuredEndpoint(config, 'affiliate')).toEqual({
      url: 'http://affiliate.internal:4006',
      socket: '/run/affiliate.sock',
    });
    expect(configuredEndpoint(config, 'loyalty')).toEqual({
      url: 'http://loyalty-service',
      socket: undefined,
    });

    const development = readShellConfig({});
    expect(configuredEndpoint(development, 'catalog')).toEqual({
      url: 'http://127.0.0.1:4001',
      socket: undefined,
    });
    expect(configuredEndpoint(development, 'loyalty')).toBeNull();
  });

  it('names a module by its variables, hyphens for underscores', () => {
    const config = readShellConfig({ PAYMENT_SANDBOX_SERVICE_URL: 'http://127.0.0.1:4010' });
    expect(config.SERVICE_ADDRESSES).toEqual({ 'payment-sandbox': { url: 'http://127.0.0.1:4010' } });
  });

  it('refuses an address that is not one, and a template without the module in it, naming the variable', () => {
    expect(() => readShellConfig({ AFFILIATE_SERVICE_URL: 'affiliate at 4006' })).toThrow(
      'AFFILIATE_SERVICE_URL: must be a URL',
    );
    expect(() => readShellConfig({ SERVICE_URL_TEMPLATE: 'http://affiliate-service' })).toThrow(
      'SERVICE_URL_TEMPLATE: must contain {module}',
    );
  });
});
