import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks';

describe('markdownBlocks', () => {
  it('splits paragraphs at blank lines and keeps every character', () => {
    const text = 'First **para**.\n\nSecond one\nwith a line.\n\n> a quote';
    const blocks = markdownBlocks(text);
    expect(blocks).toHaveLength(3);
    expect(blocks.join('\n')).toBe(text);
  });

  it('does not split before a list item: it may continue the list before it', () => {
    expect(markdownBlocks('- a\n\n- b\n\n1. c')).toEqual(['- a\n\n- b\n\n1. c']);
  });

  it('does not close a backtick fence at a line with an info string', () => {
    const text = '```\n```js\n\nstill code\n```\n\nAfter.';
    expect(markdownBlocks(text)).toEqual(['```\n```js\n\nstill code\n```\n', 'After.']);
  });

  it('keeps a fenced code block with blank lines whole', () => {
    const text = 'Code:\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter.';
    expect(markdownBlocks(text)).toEqual([
      'Code:\n',
      '```js\nconst a = 1;\n\nconst b = 2;\n```\n',
      'After.',
    ]);
  });

  it('keeps an unclosed fence (still streaming) in one block', () => {
    const text = 'Code:\n\n~~~\nline\n\nmore';
    expect(markdownBlocks(text)).toEqual(['Code:\n', '~~~\nline\n\nmore']);
  });

  it('keeps an indented continuation with the list item before it', () => {
    const text = '- item\n\n    more of the item\n\nNext.';
    expect(markdownBlocks(text)).toEqual(['- item\n\n    more of the item\n', 'Next.']);
  });
});
