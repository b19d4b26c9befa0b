import { describe, expect, it } from 'vitest';
import {
  DETECTION_ORDER,
  interfaceLanguageForNative,
  normalizeInterfaceLanguage,
} from './languages.ts';

describe('normalizeInterfaceLanguage', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['kr', 'kr'],
    ['ko', 'kr'],
    ['ko-KR', 'kr'],
    ['KO_kr', 'kr'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeInterfaceLanguage(input)).toBe(expected);
  });

  it.each(['de', 'fr-FR', '', '   ', null, undefined])(
    '%s is not an interface language',
    (input) => {
      expect(normalizeInterfaceLanguage(input)).toBeNull();
    },
  );

  it.each([
    '<script>alert(1)</script>',
    'en"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'es%3Cscript',
    "ko');drop",
  ])('discards %s, which looks like script injection', (input) => {
    expect(normalizeInterfaceLanguage(input)).toBeNull();
  });
});

describe('interfaceLanguageForNative', () => {
  it('follows the profile native language: es, ko/kr, otherwise en', () => {
    expect(interfaceLanguageForNative('es')).toBe('es');
    expect(interfaceLanguageForNative('ko')).toBe('kr');
    expect(interfaceLanguageForNative('kr')).toBe('kr');
    expect(interfaceLanguageForNative('de')).toBe('en');
    expect(interfaceLanguageForNative(null)).toBe('en');
  });
});

it('detects in the order of spec 1 §4', () => {
  expect(DETECTION_ORDER).toEqual([
    'querystring',
    'cookie',
    'localStorage',
    'sessionStorage',
    'navigator',
    'htmlTag',
  ]);
});
