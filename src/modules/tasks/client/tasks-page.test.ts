import { describe, expect, it } from 'vitest';
import { filtersAfterCreate } from './tasks-page';

describe('filtersAfterCreate', () => {
  it('shows "Tasks I manage" after a task is made for someone else, where it is', () => {
    expect(filtersAfterCreate({ forSelf: false }, true)).toEqual({ view: 'managed', status: ['open'] });
  });

  it('shows "My tasks" after a task of one’s own, or for someone who manages none', () => {
    expect(filtersAfterCreate({ forSelf: true }, true)).toEqual({ view: 'mine', status: ['open'] });
    expect(filtersAfterCreate({ forSelf: false }, false)).toEqual({ view: 'mine', status: ['open'] });
  });
});
