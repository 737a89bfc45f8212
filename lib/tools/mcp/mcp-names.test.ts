import { describe, expect, it } from 'vitest';
import { mcpToolNames } from './mcp-names';

describe('MCP tool names', () => {
  it('are mcp__<server>__<tool>, mapping back to the server’s own names', () => {
    expect([...mcpToolNames('everything', ['echo', 'get-sum'])]).toEqual([
      ['mcp__everything__echo', 'echo'],
      ['mcp__everything__get-sum', 'get-sum'],
    ]);
  });

  it('replace characters a model API refuses, and stay unique', () => {
    expect([...mcpToolNames('files', ['read.file', 'read/file', 'read file'])]).toEqual([
      ['mcp__files__read_file', 'read.file'],
      ['mcp__files__read_file_2', 'read/file'],
      ['mcp__files__read_file_3', 'read file'],
    ]);
  });

  it('are cut to 64 characters, unique after the cut', () => {
    const long = 'x'.repeat(80);
    const names = [...mcpToolNames('srv', [long, `${long}y`]).keys()];
    expect(names.map((name) => name.length)).toEqual([64, 64]);
    expect(names[0]).toBe(`mcp__srv__${'x'.repeat(54)}`);
    expect(names[1]).toBe(`mcp__srv__${'x'.repeat(52)}_2`);
  });
});
