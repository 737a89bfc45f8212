import { describe, expect, it, vi } from 'vitest';
import { base64ToBytes } from './base64';
import type { OffscreenRequest } from './offscreen-protocol';
import { chromeOffscreenHost, createPdfReader, type OffscreenHost } from './pdf-reader';

const ANSWER = { ok: true, text: '## Page 1\n\nHi', pages: 1, pagesRead: 1 } as const;

function fakeHost(reply: (message: OffscreenRequest) => unknown = () => ANSWER) {
  const sent: OffscreenRequest[] = [];
  const host: OffscreenHost = {
    ensure: vi.fn(async () => {}),
    send: vi.fn(async (message: OffscreenRequest) => {
      sent.push(message);
      return reply(message);
    }),
  };
  return { host, sent };
}

describe('readPdf', () => {
  it('asks the offscreen page to download a URL', async () => {
    const { host, sent } = fakeHost();
    const readPdf = createPdfReader(host);
    await expect(readPdf({ url: 'https://a.test/x.pdf' }, { maxPages: 9 })).resolves.toEqual(
      ANSWER,
    );
    expect(host.ensure).toHaveBeenCalled();
    expect(sent).toEqual([
      { target: 'offscreen', type: 'pdf-text', url: 'https://a.test/x.pdf', maxPages: 9 },
    ]);
  });

  it('sends bytes as base64, since Chrome messages are JSON', async () => {
    const { host, sent } = fakeHost();
    await createPdfReader(host)({ bytes: Uint8Array.from([37, 80, 68, 70, 0, 255]) });
    expect(sent[0]?.url).toBeUndefined();
    expect(base64ToBytes(sent[0]?.bytesBase64 ?? '')).toEqual(
      Uint8Array.from([37, 80, 68, 70, 0, 255]),
    );
  });

  it('tries once more when the offscreen page was not listening', async () => {
    let calls = 0;
    const { host } = fakeHost(() => {
      calls++;
      if (calls === 1) {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      }
      return ANSWER;
    });
    await expect(createPdfReader(host)({ url: 'https://a.test/x.pdf' })).resolves.toEqual(ANSWER);
    expect(host.ensure).toHaveBeenCalledTimes(2);
  });

  it('turns silence, nonsense and failures into sentences', async () => {
    const silent = createPdfReader(fakeHost(() => undefined).host);
    await expect(silent({ url: 'https://a.test/x.pdf' })).resolves.toEqual({
      ok: false,
      reason: "Gleaner's PDF reader did not answer.",
    });
    const odd = createPdfReader(fakeHost(() => ({ ok: 'yes' })).host);
    await expect(odd({ url: 'https://a.test/x.pdf' })).resolves.toMatchObject({ ok: false });
    const failing: OffscreenHost = {
      ensure: async () => {
        throw new Error('offscreen permission missing');
      },
      send: async () => ANSWER,
    };
    await expect(createPdfReader(failing)({ url: 'https://a.test/x.pdf' })).resolves.toEqual({
      ok: false,
      reason: "Gleaner's PDF reader did not start: offscreen permission missing",
    });
    await expect(
      createPdfReader(undefined)({ url: 'https://a.test/x.pdf' }),
    ).resolves.toMatchObject({ ok: false });
  });

  it('gives up after the time limit, saying so', async () => {
    const { host } = fakeHost(() => new Promise(() => {}));
    await expect(
      createPdfReader(host)({ url: 'https://a.test/x.pdf' }, { timeoutMs: 20 }),
    ).resolves.toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^Reading the PDF took longer than \d+ seconds, so Gleaner gave up\.$/,
      ),
    });
  });

  it('rejects with the reason when the caller aborts', async () => {
    const { host } = fakeHost(() => new Promise(() => {}));
    const controller = new AbortController();
    const reading = createPdfReader(host)(
      { url: 'https://a.test/x.pdf' },
      {
        signal: controller.signal,
      },
    );
    controller.abort(new Error('Stopped'));
    await expect(reading).rejects.toThrow('Stopped');
  });

  it('refuses bytes too large for a runtime message', async () => {
    const { host, sent } = fakeHost();
    const result = await createPdfReader(host)({ bytes: new Uint8Array(41 * 1024 * 1024) });
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/larger than 40 MiB/),
    });
    expect(sent).toEqual([]);
  });
});

describe('the Chrome offscreen host', () => {
  it('creates one document for concurrent reads and none when it exists', async () => {
    let exists = false;
    let finish: () => void = () => {};
    const createDocument = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            exists = true;
            resolve();
          };
        }),
    );
    const host = chromeOffscreenHost({
      offscreen: { createDocument },
      hasDocument: async () => exists,
      sendMessage: async () => ANSWER,
    });
    const both = Promise.all([host.ensure(), host.ensure()]);
    await vi.waitFor(() => expect(createDocument).toHaveBeenCalled());
    finish();
    await both;
    await host.ensure();
    expect(createDocument).toHaveBeenCalledTimes(1);
    expect(createDocument).toHaveBeenCalledWith({
      url: '/offscreen.html',
      reasons: ['WORKERS'],
      justification: expect.any(String),
    });
  });

  it('takes "only a single offscreen document" to mean it is already there', async () => {
    const host = chromeOffscreenHost({
      offscreen: {
        createDocument: async () => {
          throw new Error('Only a single offscreen document may be created.');
        },
      },
      hasDocument: async () => false,
      sendMessage: async () => ANSWER,
    });
    await expect(host.ensure()).resolves.toBeUndefined();
  });

  it('passes other creation errors on, and tries again next time', async () => {
    const createDocument = vi
      .fn()
      .mockRejectedValueOnce(new Error('Permission "offscreen" is required'))
      .mockResolvedValueOnce(undefined);
    const host = chromeOffscreenHost({
      offscreen: { createDocument },
      hasDocument: async () => false,
      sendMessage: async () => ANSWER,
    });
    await expect(host.ensure()).rejects.toThrow('Permission "offscreen" is required');
    await expect(host.ensure()).resolves.toBeUndefined();
  });
});
