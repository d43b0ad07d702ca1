import {
  fileFigures,
  mergedFiles,
  mutationMarkdown,
  packageFigures,
  summaryCommit,
  summaryFiles,
  type StrykerReport,
} from './mutation-summary';

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
  const files = fileFigures('checkout', report);

  it('scores as StrykerJS does: detected among those that ran or had no test; errors and ignored aside', () => {
    expect(packageFigures('checkout', files)).toEqual({
      name: 'checkout',
      mutants: 9,
      killed: 3,
      timedOut: 1,
      survived: 2,
      noCoverage: 1,
      score: (4 / 7) * 100,
    });
  });

  it("writes each package's row, every file's weakest first, and the commit they describe", () => {
    const page = mutationMarkdown(['checkout'], files, 'abc1234def56');
    expect(summaryCommit(page)).toBe('abc1234def56');
    expect(page).toContain('| checkout | 9 | 57.14 % | 3 | 1 | 2 | 1 |');
    const words = page.indexOf('| checkout: src/domain/words.ts | 4 | 33.33 % | 1 | 0 | 1 | 1 |');
    const prices = page.indexOf('| checkout: src/domain/prices.ts | 5 | 75.00 % | 2 | 1 | 1 | 0 |');
    expect(words).toBeGreaterThan(0);
    expect(prices).toBeGreaterThan(words);
  });

  it('reads back the file rows it wrote', () => {
    const byName = (list: ReturnType<typeof summaryFiles>) =>
      [...list].sort((a, b) => a.name.localeCompare(b.name));
    const page = mutationMarkdown(['checkout'], files, 'abc1234');
    expect(byName(summaryFiles(page))).toEqual(byName(files));
  });

  it("after a run of the changed files: theirs new, the others' as before, the removed files gone", () => {
    const [prices, words] = files;
    const wordsNow = { ...words!, survived: 0, killed: 2, score: 100 };
    const gone = { ...prices!, name: 'checkout: src/domain/gone.ts' };
    const merged = mergedFiles([prices!, words!, gone], [wordsNow], (name) => !name.endsWith('gone.ts'));
    expect(merged).toEqual([prices, wordsNow]);
  });

  it('names no commit for a summary written before it recorded one', () => {
    expect(summaryCommit('# Mutation testing\n\nWritten by npm run test:mutation')).toBeNull();
  });
});
