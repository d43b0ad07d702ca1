import { fileFigures, mutationMarkdown, packageFigures, type StrykerReport } from './mutation-summary';

const mutants = (...statuses: string[]) =>
  statuses.map((status) => ({ status })) as StrykerReport['files'][string]['mutants'];

/** Two files as StrykerJS reports them: one well tested, one barely. */
const report: StrykerReport = {
  files: {
    'src/domain/prices.ts': { mutants: mutants('Killed', 'Killed', 'Timeout', 'Survived', 'CompileError') },
    'src/domain/words.ts': { mutants: mutants('Survived', 'NoCoverage', 'Killed', 'Ignored') },
  },
};

describe("the mutation page, from StrykerJS's reports", () => {
  it('scores as StrykerJS does: detected among those that ran or had no test; errors and ignored aside', () => {
    expect(packageFigures('checkout', report)).toEqual({
      name: 'checkout',
      mutants: 9,
      killed: 3,
      timedOut: 1,
      survived: 2,
      noCoverage: 1,
      score: (4 / 7) * 100,
    });
  });

  it('lists the weakest files first', () => {
    expect(fileFigures('checkout', report).map(({ name, score }) => [name, Math.round(score)])).toEqual([
      ['checkout: src/domain/words.ts', 33],
      ['checkout: src/domain/prices.ts', 75],
    ]);
  });

  it("writes each package's row and the weakest files", () => {
    const page = mutationMarkdown([{ name: 'checkout', report }], 1);
    expect(page).toContain('| checkout | 9 | 57.14 % | 3 | 1 | 2 | 1 |');
    expect(page).toContain('| checkout: src/domain/words.ts | 4 | 33.33 % | 1 | 0 | 1 | 1 |');
    expect(page).not.toContain('src/domain/prices.ts');
  });
});
