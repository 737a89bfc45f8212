import { t } from '../i18n/translate';
import { classifyHost } from './private-host';

/**
 * The warning Settings shows before saving a plain-http Base URL that leaves this computer: the
 * API key and every page sent to the model would cross the network unencrypted. Loopback
 * (`localhost` and its subdomains, 127.0.0.0/8, `[::1]`, and IPv6 forms that carry a loopback
 * IPv4 address) never leaves the machine, so it gets no warning; nor does https. A LAN address
 * does: the traffic is readable on that network.
 *
 * Returns undefined when there is nothing to warn about, or when the text is not an http(s) URL
 * (the settings schema explains that problem itself).
 */
export function baseUrlWarning(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:') return undefined;
  if (classifyHost(url.hostname)?.category === 'loopback') return undefined;
  return t('baseUrlUnencrypted', url.hostname);
}
