import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Composer } from './composer';

function render(searchWeb: boolean) {
  return renderToStaticMarkup(
    <Composer
      text="What changed in Dexie 4?"
      onTextChange={() => {}}
      running={false}
      busy={false}
      tabs={[]}
      attached={[]}
      currentTabId={undefined}
      onAttach={() => {}}
      onDetach={() => {}}
      searchWeb={searchWeb}
      onSearchWebChange={() => {}}
      onSend={() => {}}
      onStop={() => {}}
    />,
  );
}

const toggle = (html: string) =>
  /<button[^>]*role="switch"[^>]*>(.*?)<\/button>/.exec(html) ?? undefined;

describe('Composer: Search the web', () => {
  it('is a switch named exactly "Search the web", off by default', () => {
    const match = toggle(render(false));
    expect(match).toBeDefined();
    expect(match?.[0]).toContain('aria-checked="false"');
    expect(match?.[0]).toContain('type="button"');
    // The visual track is hidden, so the name is the text alone.
    expect(match?.[1]).toMatch(/<span[^>]*aria-hidden="true"[^>]*>.*<\/span>Search the web$/);
  });

  it('shows its state as aria-checked', () => {
    expect(toggle(render(true))?.[0]).toContain('aria-checked="true"');
  });

  it('sits beside Send, which still submits the form', () => {
    const html = render(false);
    expect(html).toMatch(/role="switch".*<button type="submit"[^>]*>Send<\/button>/);
  });
});
