import { describe, expect, it } from 'vitest';
import { toAppError } from './errors';

const postgres = (code: string) => Object.assign(new Error('refused'), { code, routine: 'ri_ReportViolation' });

describe('toAppError', () => {
  it("answers PostgreSQL's refusals as conflicts, never a 500", () => {
    expect(toAppError(postgres('23505'))).toMatchObject({ status: 409, message: 'This record exists already.' });
    expect(toAppError(postgres('23503'))).toMatchObject({ status: 409, message: 'This refers to a record that does not exist.' });
    expect(toAppError(postgres('23001'))).toMatchObject({ status: 409, message: 'This record is in use.' });
    expect(toAppError(postgres('22P02'))).toMatchObject({ status: 422 });
    expect(toAppError(new Error('boom'))).toMatchObject({ status: 500 });
  });
});
