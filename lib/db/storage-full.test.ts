import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { inEnglish, storedSentence } from '../i18n/local-text';
import { setActiveLanguage } from '../i18n/translate';
import {
  isStorageFullError,
  storageFullMessage,
  storageFullText,
  storageSizeText,
} from './storage-full';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('isStorageFullError', () => {
  it('recognises the DOMException browsers throw, by name or by legacy code', () => {
    const error = quota();
    expect(error.code).toBe(22);
    expect(isStorageFullError(error)).toBe(true);
    expect(isStorageFullError({ name: 'NS_ERROR_DOM_QUOTA_REACHED', message: 'x' })).toBe(true);
  });

  it('recognises Dexie’s own error and its wrappers', () => {
    expect(isStorageFullError(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isStorageFullError(new Dexie.AbortError('Transaction aborted', quota()))).toBe(true);
    expect(
      isStorageFullError(new Dexie.DatabaseClosedError(new Dexie.AbortError('x', quota()))),
    ).toBe(true);
    expect(isStorageFullError(new Dexie.BulkError('1 of 2 failed', { 1: quota() }))).toBe(true);
    expect(isStorageFullError(new Dexie.ModifyError('failed', [quota()]))).toBe(true);
  });

  it('follows a standard cause chain', () => {
    expect(isStorageFullError(new Error('save failed', { cause: quota() }))).toBe(true);
  });

  it('says no for other errors, a bare code 22, and errors that point to themselves', () => {
    expect(isStorageFullError(new Dexie.AbortError('Transaction aborted'))).toBe(false);
    expect(isStorageFullError(new DOMException('x', 'InvalidStateError'))).toBe(false);
    expect(isStorageFullError(Object.assign(new Error('EINVAL'), { code: 22 }))).toBe(false);
    expect(isStorageFullError('QuotaExceededError')).toBe(false);
    expect(isStorageFullError(undefined)).toBe(false);
    const loop = new Error('loop') as Error & { inner?: unknown };
    loop.inner = loop;
    expect(isStorageFullError(loop)).toBe(false);
  });
});

describe('storageSizeText', () => {
  it('writes sizes in English, and in the chosen language when shown', () => {
    const size = (bytes: number) => inEnglish(storageSizeText(bytes));
    expect(size(1)).toBe('1 byte');
    expect(size(512)).toBe('512 bytes');
    expect(size(48 * 1024)).toBe('48 KB');
    expect(size(13_002_342)).toBe('12.4 MB');
    expect(size(3 * 1024 ** 2)).toBe('3 MB');
    expect(size(1.25 * 1024 ** 3)).toBe('1.3 GB');
    setActiveLanguage('ru');
    expect(storedSentence('', storageSizeText(13_002_342))).toBe('12,4 МБ');
    expect(storedSentence('', storageSizeText(3))).toBe('3 байта');
    setActiveLanguage('en');
  });
});

describe('storageFullMessage', () => {
  it('names the unsaved answer and the three largest sessions with their sizes', () => {
    expect(
      storageFullMessage({
        unsavedTitle: 'Trip to Lisbon',
        sessions: [
          { title: 'Small', bytes: 2048 },
          { title: 'Recipes', bytes: 3.1 * 1024 ** 2 },
          { title: 'Thesis notes', bytes: 13_002_342 },
          { title: 'Old PDF reading', bytes: 8 * 1024 ** 2 },
        ],
      }),
    ).toBe(
      'Browser storage is full, so the answer in “Trip to Lisbon” is not saved yet. It stays on ' +
        'screen and is saved as soon as there is room again. To free space, delete or export old ' +
        'sessions; the largest are “Thesis notes” (12.4 MB), “Old PDF reading” (8 MB), ' +
        '“Recipes” (3.1 MB).',
    );
  });

  it('reads well with one session, none, and titles that are empty, long or hidden', () => {
    expect(
      storageFullMessage({ unsavedTitle: '', sessions: [{ title: 'A\u200Bb', bytes: 5 * 1024 }] }),
    ).toBe(
      'Browser storage is full, so the answer in an untitled session is not saved yet. It stays ' +
        'on screen and is saved as soon as there is room again. To free space, delete or export ' +
        'old sessions; the largest is “Ab” (5 KB).',
    );
    const message = storageFullMessage({ unsavedTitle: 'x'.repeat(100), sessions: [] });
    expect(message).toContain(`“${'x'.repeat(60)}…”`);
    expect(message).toMatch(/To free space, delete or export old sessions\.$/);
  });

  it('reads in Russian with the plural form for the sessions named', () => {
    const text = storageFullText({
      unsavedTitle: 'Trip to Lisbon',
      sessions: [
        { title: 'Recipes', bytes: 3.1 * 1024 ** 2 },
        { title: 'Thesis notes', bytes: 13_002_342 },
      ],
    });
    setActiveLanguage('ru');
    expect(storedSentence('', text)).toMatch(
      /^Хранилище браузера заполнено, поэтому ответ в «Trip to Lisbon» пока не сохранён\..*самые большие — «Thesis notes» \(12,4 МБ\), «Recipes» \(3,1 МБ\)\.$/,
    );
    setActiveLanguage('en');
  });
});
