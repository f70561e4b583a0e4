import { describe, expect, it } from 'vitest';
import {
  findStructuredMessage,
  formatStructuredMessage,
  isValidStructuredMessageDigits,
  parseStructuredMessage,
  structuredMessageBase,
  structuredMessageCheck,
  structuredMessageDigits,
} from './structured-message.js';

describe('the Belgian structured message', () => {
  it('reproduces the old system’s message for request 1 of 2026', () => {
    expect(formatStructuredMessage(structuredMessageDigits(2026 * 10_000 + 1))).toBe('+++002/0260/00196+++');
  });

  it('writes 97 as check digits when the base is a multiple of 97', () => {
    expect(structuredMessageCheck(1_940_000_000)).toBe(97);
    expect(structuredMessageDigits(1_940_000_000)).toBe('194000000097');
    expect(structuredMessageCheck(0)).toBe(97);
    expect(isValidStructuredMessageDigits('194000000097')).toBe(true);
    expect(isValidStructuredMessageDigits('194000000000')).toBe(false);
  });

  it('derives a request’s base from the edition year and the request number', () => {
    expect(structuredMessageBase(2027, 1)).toBe(2_027_000_001);
    expect(formatStructuredMessage(structuredMessageDigits(structuredMessageBase(2027, 1)))).toBe('+++202/7000/00122+++');
    expect(() => structuredMessageBase(2027, 1_000_000)).toThrow(RangeError);
    expect(() => structuredMessageBase(2027, 0)).toThrow(RangeError);
  });

  it('accepts the ways people and banks write a message', () => {
    const digits = '202700000122';
    for (const written of ['+++202/7000/00122+++', '***202/7000/00122***', ' 202 7000 00122 ', '202700000122', '+++ 202 / 7000 / 00122 +++']) {
      expect(parseStructuredMessage(written)).toBe(digits);
    }
  });

  it('rejects a wrong check, a wrong length and surrounding words', () => {
    expect(parseStructuredMessage('+++202/7000/00123+++')).toBeNull();
    expect(parseStructuredMessage('+++202/7000/0012+++')).toBeNull();
    expect(parseStructuredMessage('invoice 202700000122')).toBeNull();
    expect(parseStructuredMessage('')).toBeNull();
    expect(parseStructuredMessage(null)).toBeNull();
  });

  it('never produces a base outside ten digits', () => {
    expect(() => structuredMessageCheck(10_000_000_000)).toThrow(RangeError);
    expect(() => structuredMessageCheck(-1)).toThrow(RangeError);
    expect(() => formatStructuredMessage('12345')).toThrow(RangeError);
  });
});

describe('finding a structured message in free text', () => {
  it('finds a message typed inside a sentence', () => {
    expect(findStructuredMessage('Betaling +++202/7000/00122+++ Jan Peeters')).toBe('202700000122');
    expect(findStructuredMessage('paiement ***202/7000/00122*** merci')).toBe('202700000122');
    expect(findStructuredMessage('ref 202 7000 00122 stay')).toBe('202700000122');
  });

  it('ignores digit runs whose check does not hold', () => {
    expect(findStructuredMessage('order 202700000123 thanks')).toBeNull();
    expect(findStructuredMessage('no reference at all')).toBeNull();
  });
});
