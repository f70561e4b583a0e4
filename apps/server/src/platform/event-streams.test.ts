import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStreamTotal, openFilesLimit } from './event-streams.js';

const limitsFile = (softLimit: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'limits-')), 'limits');
  writeFileSync(
    file,
    [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max processes             95541                95541                processes',
      `Max open files            ${softLimit}                1048576              files`,
      '',
    ].join('\n'),
  );
  return file;
};

describe("the instance's cap on live streams", () => {
  it('reads the soft limit of open files, and knows when it cannot', () => {
    expect(openFilesLimit(limitsFile('20000'))).toBe(20_000);
    expect(openFilesLimit(limitsFile('unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(openFilesLimit('/nonexistent/limits')).toBeNull();
  });

  it('is half the open files, at most 10 000, and 1 000 where the limit is unknown', () => {
    expect(defaultStreamTotal(20_000)).toBe(10_000);
    expect(defaultStreamTotal(1_048_576)).toBe(10_000);
    expect(defaultStreamTotal(1024)).toBe(512);
    expect(defaultStreamTotal(null)).toBe(1_000);
  });
});
