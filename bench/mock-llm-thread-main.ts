/** The thread that serves the bench's mock model (see mock-llm-thread.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { startMockLlm } from '../e2e/servers/mock-llm';
import type { FromThread, ToThread } from './mock-llm-thread';

const port = parentPort;
if (!port) throw new Error('mock-llm-thread-main.ts runs only as a worker thread.');
const send = (message: FromThread) => port.postMessage(message);

const mock = await startMockLlm({
  ...(workerData as { chunkSize: number; delayMs: number }),
  onRequest: (request) => {
    if (request.method === 'POST' && request.path.endsWith('/chat/completions')) {
      send({ type: 'chat', stamp: { firstByteAt: request.firstByteAt, at: request.at } });
    }
  },
  onStreamed: (ms) => send({ type: 'streamed', ms }),
});
port.on('message', async (message: ToThread) => {
  if (message.type === 'enqueue') mock.enqueue(...message.entries);
  else await mock.close();
  send({ type: 'done', id: message.id });
});
send({ type: 'ready', url: mock.url });
