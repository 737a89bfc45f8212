import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown';

/** Markup written inline by hand for each test; converted from a linkedom node, as in the worker. */
function convert(html: string, baseUrl = 'https://site.example/blog/post'): string {
  const { document } = parseHTML(
    `<!doctype html><html><body><div id="root">${html}</div></body></html>`,
  );
  return htmlToMarkdown(document.getElementById('root') as unknown as Element, baseUrl);
}

describe('htmlToMarkdown tables', () => {
  it('uses a header row when the table has one', () => {
    expect(
      convert(
        '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      ),
    ).toBe('| A | B |\n| --- | --- |\n| 1 | 2 |');
  });

  it('makes the first row the header of a table without one, instead of leaving HTML', () => {
    expect(
      convert(
        '<table><tr><td>Name</td><td>Role</td></tr><tr><td>Ada</td><td>Engineer</td></tr></table>',
      ),
    ).toBe('| Name | Role |\n| --- | --- |\n| Ada | Engineer |');
  });

  it('pads spanned and missing cells, escapes pipes and keeps cells on one line', () => {
    const markdown = convert(
      '<table><caption>Results</caption><tr><th>Team</th><th>Won</th><th>Notes</th></tr>' +
        '<tr><td colspan="2">Abandoned</td><td>rain | wind</td></tr>' +
        '<tr><td>Rovers</td><td>3</td></tr>' +
        '<tr><td>Rangers</td><td></td><td><p>first line</p><p>second line</p></td></tr></table>',
    );
    expect(markdown).toBe(
      [
        'Results',
        '',
        '| Team | Won | Notes |',
        '| --- | --- | --- |',
        '| Abandoned |  | rain \\| wind |',
        '| Rovers | 3 |  |',
        '| Rangers |  | first line second line |',
      ].join('\n'),
    );
  });

  it('unwraps tables used for layout into their content', () => {
    expect(
      convert(
        '<table><tr><td><p>Only column, first.</p></td></tr><tr><td><p>Second.</p></td></tr></table>',
      ),
    ).toBe('Only column, first.\n\nSecond.');
    const nested = convert(
      '<table><tr><td><p>Sidebar text.</p></td><td><table><tr><th>K</th><th>V</th></tr><tr><td>a</td><td>1</td></tr></table></td></tr></table>',
    );
    expect(nested).toBe('Sidebar text.\n\n| K | V |\n| --- | --- |\n| a | 1 |');
  });
});

describe('htmlToMarkdown code', () => {
  it('fences code blocks with the language from common class names', () => {
    expect(convert('<pre><code class="language-ts">const a = 1;</code></pre>')).toBe(
      '```ts\nconst a = 1;\n```',
    );
    expect(convert('<pre class="lang-rust"><code>fn main() {}</code></pre>')).toBe(
      '```rust\nfn main() {}\n```',
    );
    expect(convert('<div class="highlight highlight-source-shell"><pre>npm ci</pre></div>')).toBe(
      '```shell\nnpm ci\n```',
    );
    expect(convert('<pre class="brush: js notranslate">let x;</pre>')).toBe('```js\nlet x;\n```');
    expect(convert('<pre data-lang="go"><code>package main</code></pre>')).toBe(
      '```go\npackage main\n```',
    );
  });

  it('keeps line breaks written as <br> or one element per line, and outgrows backtick runs', () => {
    expect(convert('<pre><code>a<br>b</code></pre>')).toBe('```\na\nb\n```');
    expect(convert('<pre><div>line 1</div><div>line 2</div></pre>')).toBe(
      '```\nline 1\nline 2\n```',
    );
    expect(convert('<pre><code>use ``` to fence</code></pre>')).toBe(
      '````\nuse ``` to fence\n````',
    );
  });
});

describe('htmlToMarkdown links and images', () => {
  it('resolves relative links against the base URL', () => {
    expect(
      convert(
        '<p><a href="../about">About</a> <a href="#top">top</a> <a href="//cdn.example/x">cdn</a></p>',
      ),
    ).toBe(
      '[About](https://site.example/about) [top](https://site.example/blog/post#top) [cdn](https://cdn.example/x)',
    );
  });

  it('keeps only the text of links that go nowhere useful', () => {
    expect(
      convert('<p><a href="javascript:void(0)">Open menu</a> and <a href="">empty</a></p>'),
    ).toBe('Open menu and empty');
  });

  it('drops images, but a link around only an image is named by its alt text', () => {
    expect(
      convert(
        '<p>Logo: <a href="/home"><img src="/logo.png" alt="Site home"></a> <img src="/x.png" alt="decor"></p>',
      ),
    ).toBe('Logo: [Site home](https://site.example/home)');
  });

  it("drops a card's picture link, whose alt text the page does not show", () => {
    expect(
      convert(
        '<ul><li><a href="/p/tote"><img src="/tote.jpg" alt="Canvas tote on a bench"></a><h3><a href="/p/tote">Canvas tote</a></h3></li></ul>',
      ),
    ).toBe('- ### [Canvas tote](https://site.example/p/tote)');
    expect(
      convert('<p><a href="/p/mug"><img src="/mug.jpg" alt="Blue mug"></a></p><p>Text</p>'),
    ).toBe('Text');
  });

  it('drops a link that only opens its own picture, or whose alt text is a file name', () => {
    expect(
      convert(
        '<p>Before <a href="/uploads/photo.jpg"><img src="/uploads/photo-300.jpg" alt="A photo"></a> after</p>',
      ),
    ).toBe('Before  after');
    expect(
      convert(
        '<p>Before <a href="/gallery/2"><img src="/g.jpg" alt="IMG_2041-scaled"></a> after</p>',
      ),
    ).toBe('Before  after');
  });
});

describe('htmlToMarkdown text', () => {
  it('writes ATX headings on one line and skips empty ones', () => {
    expect(convert('<h2>Two<br>lines</h2><h3> </h3><p>Text</p>')).toBe('## Two lines\n\nText');
  });

  it('writes lists with a single space after the marker, nested lists indented to the text', () => {
    expect(
      convert('<ul><li>one</li><li>two<ol start="4"><li>four</li><li>five</li></ol></li></ul>'),
    ).toBe('- one\n- two\n  4. four\n  5. five');
  });

  it('escapes text that would otherwise read as HTML, so none is left', () => {
    const markdown = convert(
      '<p>Use the &lt;div&gt; element, not &lt;/table&gt; or &lt;!-- x --&gt;; 3 &lt; 4.</p>',
    );
    expect(markdown).toBe('Use the \\<div> element, not \\</table> or \\<!-- x -->; 3 < 4.');
    expect(markdown).not.toMatch(/(?<!\\)<[a-z/!]/i);
  });

  it('writes strikethrough and task list items', () => {
    expect(
      convert(
        '<p><del>old</del> new</p><ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>',
      ),
    ).toBe('~~old~~ new\n\n- [x] done\n- [ ] todo');
  });

  it('drops form controls, media and embedded frames', () => {
    expect(
      convert(
        '<p>Text</p><button>Click</button><select><option>A</option></select><video><p>No video</p></video><iframe src="/x"></iframe>',
      ),
    ).toBe('Text');
  });
});
