import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manualPaymentSchema } from '@bjk/domain';
import { VALIDATION_MESSAGES } from '@bjk/domain/validation-messages';
import { fieldErrorKey } from './field-error';

describe('a field error in words', () => {
  it('shows an empty remark as "this field is required", not zod’s English nor "too short or too small"', () => {
    const result = manualPaymentSchema.safeParse({ amountCents: 100, paidOn: '2026-11-20', remark: '' });
    const issue = result.error!.issues.find((i) => i.path[0] === 'remark')!;
    expect(fieldErrorKey({ type: issue.code, message: issue.message })).toBe('validation.required');
    // Another too-short text without a message of its own: the generic text.
    const short = z.string().min(3).safeParse('ab').error!.issues[0]!;
    expect(fieldErrorKey({ type: short.code, message: short.message })).toBe('validation.tooSmall');
  });

  it('keeps the specification’s own messages', () => {
    expect(fieldErrorKey({ type: 'custom', message: VALIDATION_MESSAGES.emailInvalid })).toBe('validation.emailInvalid');
  });

  it('reads an API issue by its code', () => {
    const issue = z.string().max(2).safeParse('abc').error!.issues[0]!;
    expect(fieldErrorKey({ code: issue.code, message: issue.message })).toBe('validation.tooBig');
    expect(fieldErrorKey(undefined)).toBeUndefined();
  });

  it('has a text for every key it can answer', () => {
    const english = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales/en/errors.json'), 'utf8')) as { validation: Record<string, string> };
    const keys = [
      ...Object.values(VALIDATION_MESSAGES).map((message) => fieldErrorKey({ message })),
      ...['too_small', 'too_big', 'invalid_format', 'invalid_type', 'custom'].map((type) => fieldErrorKey({ type })),
    ];
    for (const key of keys) expect(english.validation[key!.replace('validation.', '')], key).toBeTypeOf('string');
  });
});
