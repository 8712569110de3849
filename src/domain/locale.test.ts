import { describe, expect, it } from 'vitest';
import { isLocale, localeFromAcceptLanguage, requestLocale } from './locale';

describe('the language a browser asks for', () => {
  it('takes the first of English and Kiswahili by weight', () => {
    expect(localeFromAcceptLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9,sw;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR, sw;q=0.5, en;q=0.4')).toBe('sw');
    expect(localeFromAcceptLanguage('en;q=0.3, sw;q=0.7')).toBe('sw');
  });

  it('is English when it names neither, is missing or is garbled', () => {
    expect(localeFromAcceptLanguage('fr-FR,de;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage(';;;,q=x')).toBe('en');
    expect(localeFromAcceptLanguage('sw;q=0')).toBe('en');
  });

  it('knows only its own languages', () => {
    expect(isLocale('sw')).toBe(true);
    expect(isLocale('SW')).toBe(false);
    expect(isLocale('fr')).toBe(false);
  });
});

describe('the language a request is answered in', () => {
  it("follows the visitor's remembered choice over the browser's", () => {
    expect(requestLocale('a=1; lang=sw; b=2', 'en-GB')).toBe('sw');
    expect(requestLocale('lang=en', 'sw-KE')).toBe('en');
  });

  it('guesses from the browser when there is no choice, or an unknown one', () => {
    expect(requestLocale(undefined, 'sw-KE')).toBe('sw');
    expect(requestLocale('lang=fr', 'sw')).toBe('sw');
    expect(requestLocale('xlang=sw', null)).toBe('en');
  });
});
