import { commandId } from './state';

describe('a command’s id', () => {
  it('is 32 hex digits, and a new one each time', () => {
    const ids = Array.from({ length: 200 }, commandId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
