import { describe, expect, it } from 'vitest';
import { pickTranslation, summarise, writtenLanguages } from './page-language.js';

const translations = {
  nl: { title: 'Verblijf', body: 'Welkom aan zee.' },
  en: { title: 'Stay', body: 'Welcome to the seaside.' },
};

describe('choosing the language a visitor reads', () => {
  it('gives the visitor their own language when the page is written in it', () => {
    expect(pickTranslation(translations, 'en')).toEqual({ language: 'en', fallback: false, text: translations.en });
  });

  it('falls back to Dutch and says so when the visitor language is missing', () => {
    expect(pickTranslation(translations, 'de')).toEqual({ language: 'nl', fallback: true, text: translations.nl });
  });

  it('does not call Dutch a fallback for a Dutch visitor', () => {
    expect(pickTranslation(translations, 'nl').fallback).toBe(false);
  });

  it('treats an empty title as not written', () => {
    expect(pickTranslation({ ...translations, fr: { title: ' ', body: '' } }, 'fr').fallback).toBe(true);
    expect(writtenLanguages({ ...translations, fr: { title: ' ', body: '' } })).toEqual(['nl', 'en']);
  });
});

describe('news summaries', () => {
  it('takes the first paragraph without headings and markup', () => {
    expect(summarise('# Title\n\nThe **draw** is [online](/files).\n\nMore.')).toBe('The draw is online.');
  });

  it('cuts a long paragraph at a word', () => {
    const text = summarise('word '.repeat(100), 30);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(31);
  });
});
