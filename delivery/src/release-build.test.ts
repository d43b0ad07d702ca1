import { serviceProcesses } from './modules';
import { serviceContract } from './release-build';

describe("a release's API contract", () => {
  it('is read from what each service package exports as ./api-contract, the account service included', async () => {
    // The payment sandbox stands in for Square: it is never released, so it publishes no contract.
    for (const service of serviceProcesses.filter((part) => part.dir.startsWith('services/'))) {
      const contract = await serviceContract(service.dir);
      expect([service.name, Object.keys(contract).length > 0]).toEqual([service.name, true]);
    }
    const account = await serviceContract('services/account');
    expect(account['GET /auth/v1/user']).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'email', 'user_metadata']),
    });
    expect(account['POST /auth/v1/token']).toMatchObject({
      required: expect.arrayContaining(['access_token', 'refresh_token', 'user']),
    });
  });
});
