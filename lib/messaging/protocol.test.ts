import { describe, expect, it } from 'vitest';
import { isTrustedSender, parseCommand } from './protocol';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

describe('command validation', () => {
  it('accepts a well-formed startRun and trims nothing away from the text', () => {
    expect(parseCommand({ type: 'startRun', text: 'hello' })).toEqual({
      ok: true,
      command: { type: 'startRun', text: 'hello' },
    });
  });

  it('names the command and the field that is wrong', () => {
    expect(parseCommand({ type: 'startRun', text: '   ' })).toEqual({
      ok: false,
      error: 'Rejected command "startRun" (text): The message is empty.',
    });
    expect(parseCommand({ type: 'stopRun' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Rejected command "stopRun" (runId)'),
    });
  });

  it('accepts a private host exemption and refuses a URL in its place', () => {
    expect(parseCommand({ type: 'exemptPrivateHost', host: ' SearX.lan:8080 ' })).toEqual({
      ok: true,
      command: { type: 'exemptPrivateHost', host: 'searx.lan:8080' },
    });
    expect(parseCommand({ type: 'exemptPrivateHost', host: 'http://searx.lan/' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Enter a host name'),
    });
  });

  it('accepts an import up to 20 MB and names the limit above it', () => {
    expect(parseCommand({ type: 'importSessions', json: '{}' })).toEqual({
      ok: true,
      command: { type: 'importSessions', json: '{}' },
    });
    expect(parseCommand({ type: 'importSessions', json: 'x'.repeat(20_000_001) })).toEqual({
      ok: false,
      error:
        'Rejected command "importSessions" (json): The file is larger than 20 MB, more than Gleaner imports at once.',
    });
    expect(parseCommand({ type: 'importSessions', json: '' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('The file is empty.'),
    });
    expect(parseCommand({ type: 'importSessions' })).toMatchObject({ ok: false });
  });

  it('rejects unknown commands and non-objects', () => {
    expect(parseCommand({ type: 'eval', code: '1' })).toMatchObject({ ok: false });
    expect(parseCommand('startRun')).toMatchObject({ ok: false });
    expect(parseCommand(null)).toMatchObject({ ok: false });
  });
});

describe('sender check', () => {
  it('trusts our own extension pages', () => {
    expect(isTrustedSender({ id: ID, url: `${ORIGIN}sidepanel.html` }, ID, ORIGIN)).toBe(true);
    expect(isTrustedSender({ id: ID, url: `${ORIGIN}options.html#x` }, ID, ORIGIN)).toBe(true);
  });

  it('refuses our own content scripts running in a web page', () => {
    expect(
      isTrustedSender({ id: ID, url: 'https://evil.example/', tab: { id: 3 } }, ID, ORIGIN),
    ).toBe(false);
  });

  it('refuses other extensions and senders without a URL', () => {
    const other = 'ponmlkjihgfedcbaponmlkjihgfedcba';
    expect(
      isTrustedSender({ id: other, url: `chrome-extension://${other}/x.html` }, ID, ORIGIN),
    ).toBe(false);
    expect(isTrustedSender({ id: ID }, ID, ORIGIN)).toBe(false);
    expect(isTrustedSender(undefined, ID, ORIGIN)).toBe(false);
  });
});
