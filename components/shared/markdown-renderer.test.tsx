import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from './markdown-renderer';

const render = (markdown: string) =>
  renderToStaticMarkup(<MarkdownRenderer>{markdown}</MarkdownRenderer>);

describe('Markdown', () => {
  it('renders a GFM table as a table', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
  });

  it('renders a fenced code block as pre > code', () => {
    const html = render('```js\nconst x = 1 < 2;\n```');
    expect(html).toMatch(/<pre><code class="language-js">const x = 1 &lt; 2;\n<\/code><\/pre>/);
  });

  it('names a code block’s language above it, beside a Copy code button', () => {
    const html = render('```python\nprint(1)\n```');
    expect(html).toMatch(
      /<span class="code-language">python<\/span><button[^>]*>Copy code<span[^>]*><\/span><\/button>/,
    );
    expect(render('```\nplain\n```')).toContain('<span class="code-language">code</span>');
  });

  it('drops raw HTML: no script element', () => {
    const html = render('Hello <script>alert(1)</script> world\n\n<script>alert(2)</script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Hello');
  });

  it('drops raw img tags with event handlers', () => {
    const html = render(
      'before <img src=x onerror=alert(1)> after\n\n<img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('onerror');
  });

  it('never loads a markdown image: shows it as a link to open instead', () => {
    const html = render('![a chart](http://evil.example/x.png)');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('[image: a chart] (http://evil.example/x.png)');
    expect(html).toContain('href="http://evil.example/x.png"');
  });

  it('turns javascript:, data: and vbscript: links into plain text', () => {
    for (const target of ['javascript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox(1)']) {
      const html = render(`[x](${target})`);
      expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
      expect(html).not.toContain('<a');
      expect(html).toContain('x');
    }
  });

  it('drops schemes hidden by whitespace and mixed case', () => {
    const html = render('[x](JaVaScRiPt:alert(1)) [y](<java\tscript:alert(1)>)');
    expect(html).not.toMatch(/href=/i);
  });

  it('opens links in a new tab without an opener', () => {
    const html = render('[docs](https://example.com/docs)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('title="https://example.com/docs"');
  });

  it('shows the real host when the link text hides it', () => {
    const html = render('[bank.com](https://bank.com.evil.example/login)');
    expect(html).toContain('(bank.com.evil.example)');
  });

  it('does not repeat the host when the text already is the URL', () => {
    const html = render('<https://example.com/a>');
    expect(html).not.toContain('(example.com)');
  });

  it('keeps mailto links and shows the address', () => {
    const html = render('[write to us](mailto:team@example.com)');
    expect(html).toContain('href="mailto:team@example.com"');
    expect(html).toContain('(team@example.com)');
  });
});
