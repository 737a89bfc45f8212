/**
 * Agent step and stream-to-screen figures for the built extension, in real Chromium, against a
 * zero-latency scripted OpenAI-compatible mock (the same one the e2e suite uses).
 *
 * - Agent step: a model step's stored duration (request built → response consumed → stored),
 *   against a baseline in the same run: the same completion streamed by a plain fetch from the
 *   panel page (no agent, no storage).
 * - Stream to screen: the worker stamps each streamed delta (`message-delta.at`) when it receives
 *   it; the panel page records when that text becomes visible. Baseline: a bare Port round trip.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configureProvider, findServiceWorker, launchBrowser, openPanelTab } from '../e2e/fixtures';
import { startMockLlm } from '../e2e/servers/mock-llm';
import { summary } from './stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const MARKERS = 20;

/** The part of the extension page's `chrome` global the benchmark uses inside the page. */
interface ExtensionGlobal {
  chrome: {
    runtime: {
      connect(info: { name: string }): {
        postMessage(message: unknown): void;
        disconnect(): void;
        onMessage: { addListener(listener: (event: never) => void): void };
      };
    };
  };
}

function marker(index: number): string {
  return `[m${String(index).padStart(3, '0')}] `;
}

export async function benchAgentStep(): Promise<Array<Record<string, string | number>>> {
  const profile = await mkdtemp(path.join(tmpdir(), 'gleaner-bench-'));
  const mock = await startMockLlm({ chunkSize: 8, delayMs: 0 });
  const context = await launchBrowser(profile);
  try {
    const worker = await findServiceWorker(context);
    const extensionId = new URL(worker.url()).host;
    const panel = await openPanelTab(context, extensionId);
    await configureProvider(panel, mock);
    const page = panel.page;
    const answer = 'A short answer with **markdown** and a list:\n\n- one\n- two\n'.repeat(4);

    // Baseline: the same streamed completion fetched straight from the panel page.
    const direct: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      mock.enqueue({ text: answer, chunkSize: 8 });
      direct.push(
        await page.evaluate(async (url) => {
          const start = performance.now();
          const response = await fetch(`${url}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'mock-large', stream: true, messages: [] }),
          });
          await response.text();
          return performance.now() - start;
        }, mock.url),
      );
    }

    // Agent steps: one new chat per run, text-only answer, read back the stored step durations.
    for (let run = 0; run < RUNS; run++) {
      mock.enqueue({ text: answer, chunkSize: 8 });
      await panel.newChatButton.click();
      await panel.messageField.fill(`Question ${run}`);
      await panel.sendButton.click();
      await panel.sendButton.waitFor({ state: 'visible' });
      await page
        .getByText('- two')
        .first()
        .waitFor()
        .catch(() => undefined);
    }
    const steps = await page.evaluate(async () => {
      const request = indexedDB.open('gleaner');
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const all: Array<{ kind: string; status: string; startedAt: number; endedAt?: number }> =
        await new Promise((resolve) => {
          const get = db.transaction('steps').objectStore('steps').getAll();
          get.onsuccess = () => resolve(get.result);
        });
      return all
        .filter((step) => step.kind === 'model' && step.status === 'done' && step.endedAt)
        .map((step) => step.endedAt! - step.startedAt);
    });

    // Stream to screen: watch the panel for markers, listen to the worker's stamped deltas.
    const streamDelays: number[] = [];
    const portTrips: number[] = [];
    for (let run = 0; run < Math.max(3, Math.round(RUNS / 5)); run++) {
      const text = Array.from({ length: MARKERS }, (_, index) => marker(index)).join('');
      mock.enqueue({ text, chunkSize: marker(0).length, delayMs: 25 });
      await page.evaluate((count) => {
        const seen = new Map<string, number>();
        const stamped = new Map<string, number>();
        const state = window as unknown as Record<string, unknown>;
        state.__bench = { seen, stamped };
        const port = (globalThis as unknown as ExtensionGlobal).chrome.runtime.connect({
          name: 'gleaner',
        });
        state.__benchPort = port;
        port.onMessage.addListener((event: { type: string; content?: string; at?: number }) => {
          if (event.type !== 'message-delta' || !event.content) return;
          const found = event.content.match(/\[m\d{3}\]/g) ?? [];
          const last = found.at(-1);
          if (last && !stamped.has(last)) stamped.set(last, event.at!);
        });
        const observer = new MutationObserver(() => {
          const text = document.body.textContent;
          for (let index = 0; index < count; index++) {
            const key = `[m${String(index).padStart(3, '0')}]`;
            if (!seen.has(key) && text.includes(key)) seen.set(key, Date.now());
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        state.__benchObserver = observer;
      }, MARKERS);
      await panel.newChatButton.click();
      await panel.messageField.fill(`Stream ${run}`);
      await panel.sendButton.click();
      await page
        .getByText(marker(MARKERS - 1).trim())
        .first()
        .waitFor();
      await panel.sendButton.waitFor({ state: 'visible' });
      const delays = await page.evaluate(() => {
        const state = window as unknown as Record<string, { disconnect(): void }> & {
          __bench: unknown;
        };
        state.__benchObserver!.disconnect();
        state.__benchPort!.disconnect();
        const { seen, stamped } = state.__bench as {
          seen: Map<string, number>;
          stamped: Map<string, number>;
        };
        return [...stamped.entries()]
          .filter(([key]) => seen.has(key))
          .map(([key, at]) => seen.get(key)! - at);
      });
      streamDelays.push(...delays);
    }
    for (let trip = 0; trip < 30; trip++) {
      portTrips.push(
        await page.evaluate(async () => {
          const port = (globalThis as unknown as ExtensionGlobal).chrome.runtime.connect({
            name: 'gleaner',
          });
          const start = performance.now();
          await new Promise<void>((resolve) => {
            port.onMessage.addListener(() => resolve());
            port.postMessage({ requestId: 'bench', command: { type: 'heartbeat' } });
          });
          port.disconnect();
          return performance.now() - start;
        }),
      );
    }

    return [
      summary('plain streamed fetch (baseline)', direct),
      summary('agent step: request → consumed → stored', steps, direct),
      summary('Port round trip (baseline)', portTrips),
      summary('stream to screen: worker → visible', streamDelays, portTrips),
    ];
  } finally {
    await context.close();
    await mock.close();
    await rm(profile, { recursive: true, force: true });
  }
}
