// The list of error codes is the interface the browser switches on: every code the browser shows
// by its own text has that text in English and German, and the code module stays browser-safe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ERROR_TEXTS, adminErrorKey, ERROR_CODES, ERROR_TEXT_KEYS, FIELD_CODES, fieldTextKey, isErrorCode, isFieldCode } from '../../models/shared/error-codes';
import { ROOT } from '../../config';

const locales = {
  en: JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'en.json'), 'utf8')) as Record<string, unknown>,
  de: JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'de.json'), 'utf8')) as Record<string, unknown>,
};

function text(lang: 'en' | 'de', key: string): string | undefined {
  let node: unknown = locales[lang];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

test('codes are stable lower_snake names, dotted by area, each listed once', () => {
  for (const code of [...ERROR_CODES, ...FIELD_CODES]) assert.match(code, /^[a-z]+(_[a-z]+)*(\.[a-z]+(_[a-z]+)*)?$/, code);
  assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
  assert.equal(new Set(FIELD_CODES).size, FIELD_CODES.length);
  assert.ok(isErrorCode('newsletter.previously_unsubscribed') && !isErrorCode('toString') && !isErrorCode('Not found'));
  assert.ok(isFieldCode('required') && !isFieldCode('This field is required'));
});

test('every field code has an English and a German text in the admin screens', () => {
  for (const code of FIELD_CODES) {
    const { key } = fieldTextKey({ code });
    for (const lang of ['en', 'de'] as const) assert.ok(text(lang, key), `${lang}: ${key}`);
  }
  const { key, params } = fieldTextKey({ code: 'too_long', params: { max: 200 } });
  for (const lang of ['en', 'de'] as const) assert.match(text(lang, key) ?? '', /\{\{max\}\}/, `${lang}: ${key}`);
  assert.deepEqual(params, { max: 200 });
});

test('every code the browser shows by its own text has it in English and German', () => {
  for (const [code, keys] of Object.entries(ERROR_TEXT_KEYS)) {
    assert.ok(isErrorCode(code), code);
    for (const key of [keys.title, keys.text].filter((k): k is string => Boolean(k))) {
      for (const lang of ['en', 'de'] as const) assert.ok(text(lang, key), `${code} → ${lang}: ${key}`);
    }
  }
});

test('every code the admin screens say in their own words has it in English and German', () => {
  for (const code of ADMIN_ERROR_TEXTS) {
    const key = adminErrorKey(code)!;
    for (const lang of ['en', 'de'] as const) assert.ok(text(lang, key), `${code} → ${lang}: ${key}`);
  }
  // The sentences people are shown word for word stay as they are.
  assert.equal(text('en', adminErrorKey('unauthorized')!), 'No admin credentials found');
  assert.equal(text('en', adminErrorKey('invalid_credentials')!), 'Invalid credentials - Please check your credentials and try again.');
  // For the others the server's sentence says more.
  assert.equal(adminErrorKey('validation'), null);
  assert.equal(adminErrorKey(null), null);
});

test('the code module imports nothing (the browser bundles include it)', () => {
  const source = fs.readFileSync(path.join(ROOT, 'models', 'shared', 'error-codes.ts'), 'utf8');
  assert.doesNotMatch(source, /^\s*import\s/m);
});
