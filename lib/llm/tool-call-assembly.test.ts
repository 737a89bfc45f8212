import { describe, expect, it } from 'vitest';
import { assembleToolCalls, ToolCallAssembler } from './tool-call-assembly';

describe('assembleToolCalls', () => {
  it('joins arguments streamed in pieces, keeping the id and name from the first chunk', () => {
    // The shape OpenAI streams (recorded by hand from the API reference's example).
    const calls = assembleToolCalls([
      [{ index: 0, id: 'call_abc', type: 'function', function: { name: 'fetch', arguments: '' } }],
      [{ index: 0, function: { arguments: '{"url":' } }],
      [{ index: 0, function: { arguments: '"https://example.com"}' } }],
    ]);
    expect(calls).toEqual([
      { id: 'call_abc', name: 'fetch', arguments: '{"url":"https://example.com"}' },
    ]);
  });

  it('keeps parallel calls apart by index and returns them in index order', () => {
    const calls = assembleToolCalls([
      [
        { index: 1, id: 'b', function: { name: 'read_tab', arguments: '{"tabId":' } },
        { index: 0, id: 'a', function: { name: 'list_tabs', arguments: '{}' } },
      ],
      [{ index: 1, function: { arguments: '7}' } }],
    ]);
    expect(calls).toEqual([
      { id: 'a', name: 'list_tabs', arguments: '{}' },
      { id: 'b', name: 'read_tab', arguments: '{"tabId":7}' },
    ]);
  });

  it('takes a whole call sent in one chunk', () => {
    const calls = assembleToolCalls([
      [{ index: 0, id: 'x', function: { name: 'fetch', arguments: '{"url":"https://a.test"}' } }],
    ]);
    expect(calls).toEqual([{ id: 'x', name: 'fetch', arguments: '{"url":"https://a.test"}' }]);
  });

  it('makes call_<n> ids when the server sends none', () => {
    const calls = assembleToolCalls([
      [{ index: 0, function: { name: 'list_tabs', arguments: '{}' } }],
      [{ index: 1, function: { name: 'read_tab', arguments: '{}' } }],
    ]);
    expect(calls.map((call) => call.id)).toEqual(['call_0', 'call_1']);
  });

  it('uses the id maker it is given', () => {
    const calls = assembleToolCalls([[{ index: 0, function: { name: 'list_tabs' } }]], {
      makeId: (index) => `call_run7_${index}`,
    });
    expect(calls[0]?.id).toBe('call_run7_0');
  });

  it('keeps malformed arguments as the raw text', () => {
    const calls = assembleToolCalls([
      [{ index: 0, id: 'x', function: { name: 'fetch', arguments: '{"url": "https://a.te' } }],
    ]);
    expect(calls[0]?.arguments).toBe('{"url": "https://a.te');
  });

  it('tells calls apart without an index: a new id or a name starts the next one', () => {
    const calls = assembleToolCalls([
      [{ id: 'a', function: { name: 'fetch', arguments: '{"url":' } }],
      [{ function: { arguments: '"https://a.test"}' } }],
      [{ id: 'b', function: { name: 'list_tabs', arguments: '{}' } }],
      [{ function: { name: 'read_tab', arguments: '{}' } }],
    ]);
    expect(calls).toEqual([
      { id: 'a', name: 'fetch', arguments: '{"url":"https://a.test"}' },
      { id: 'b', name: 'list_tabs', arguments: '{}' },
      { id: 'call_2', name: 'read_tab', arguments: '{}' },
    ]);
  });

  it('turns arguments sent as an object into JSON text', () => {
    const calls = assembleToolCalls([
      [{ index: 0, id: 'x', function: { name: 'fetch', arguments: { url: 'https://a.test' } } }],
    ]);
    expect(calls[0]?.arguments).toBe('{"url":"https://a.test"}');
  });

  it('keeps a name repeated in every chunk once', () => {
    const calls = assembleToolCalls([
      [{ index: 0, id: 'x', function: { name: 'fetch', arguments: '{"url"' } }],
      [{ index: 0, id: 'x', function: { name: 'fetch', arguments: ':"https://a.test"}' } }],
    ]);
    expect(calls).toEqual([{ id: 'x', name: 'fetch', arguments: '{"url":"https://a.test"}' }]);
  });

  it('gives nothing for a stream without tool calls', () => {
    expect(assembleToolCalls([undefined, null, []])).toEqual([]);
  });
});

describe('ToolCallAssembler', () => {
  it('gives the same made-up ids when asked twice', () => {
    let counter = 0;
    const assembler = new ToolCallAssembler({ makeId: () => `call_${++counter}` });
    assembler.add([{ index: 0, function: { name: 'list_tabs', arguments: '{}' } }]);
    expect(assembler.hasCalls).toBe(true);
    expect(assembler.toolCalls()).toEqual(assembler.toolCalls());
    expect(counter).toBe(1);
  });
});
