import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GrantRecord } from '../../lib/db/records';
import { GrantsList, sortGrants } from './grants-list';

const grant = (id: string, kind: GrantRecord['kind'], host: string): GrantRecord => ({
  id,
  kind,
  host,
  createdAt: 0,
});
const revoke = async () => undefined;

describe('GrantsList', () => {
  it('names each grant by its kind and host, with a Revoke button', () => {
    const html = renderToStaticMarkup(
      <GrantsList
        grants={[
          grant('g1', 'always-search', 'searxng'),
          grant('g2', 'always-fetch', 'https://docs.example.com'),
          grant('g3', 'private-host-exempt', 'http://192.168.1.20:8080'),
        ]}
        onRevoke={revoke}
      />,
    );
    expect(html).toContain('Always allowed site</span> <code class="grant-host">https://docs');
    expect(html).toContain('Searches always allowed</span> <code class="grant-host">searxng');
    expect(html).toContain('Private address allowed');
    expect(html.match(/>Revoke<\/button>/g)).toHaveLength(3);
  });

  it('shows the Unicode form of an internationalised site beside it', () => {
    const html = renderToStaticMarkup(
      <GrantsList
        grants={[grant('g1', 'always-fetch', 'https://xn--bcher-kva.example')]}
        onRevoke={revoke}
      />,
    );
    expect(html).toContain('(https://bücher.example)');
  });

  it('says so when there are none', () => {
    const html = renderToStaticMarkup(<GrantsList grants={[]} onRevoke={revoke} />);
    expect(html).toContain('No standing permissions');
    expect(html).not.toContain('Revoke</button>');
  });
});

describe('sortGrants', () => {
  it('groups by kind (sites first), then sorts by host', () => {
    const sorted = sortGrants([
      grant('a', 'always-search', 'brave'),
      grant('b', 'always-fetch', 'https://z.example'),
      grant('c', 'always-fetch', 'https://a.example'),
    ]);
    expect(sorted.map((item) => item.id)).toEqual(['c', 'b', 'a']);
  });
});
