import { describe, expect, it } from 'vitest';
import { pick } from './objects';

describe('pick', () => {
  it('copies the named fields only, under their own names, into a new object', () => {
    const row = { id: 7, name: 'Anna', secret: 'x', nothing: undefined };
    const view = pick(row, ['id', 'name', 'nothing']);
    expect(view).toEqual({ id: 7, name: 'Anna', nothing: undefined });
    expect('nothing' in view).toBe(true);
    expect(view).not.toHaveProperty('secret');
    view.name = 'Bert';
    expect(row.name).toBe('Anna');
  });
});
