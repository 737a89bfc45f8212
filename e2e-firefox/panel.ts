import type { ElementHandle, Page } from 'puppeteer-core';

const TIMEOUT_MS = 10_000;
/**
 * Waits poll from Node on a timer, one `evaluate` or `$` at a time:
 * - Puppeteer's own waits (`waitForFunction`, locators) rebuild the predicate in the page with
 *   `Function()`, which Firefox ESR 140.12 holds to the extension's CSP ("call to Function()
 *   blocked by CSP"), so they fail on every extension page;
 * - a timer, not animation frames, which a background tab (the panel, while a fixture tab is
 *   the current one) never gets.
 */
const POLL_MS = 50;

/**
 * Calls `check` until it gives something other than null, undefined or false, and returns
 * that; after `timeout` ms throws an error naming `what` it waited for.
 */
export async function pollFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeout = TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A CSS-free selector by role and accessible name (Puppeteer's ARIA query handler). */
function aria(role: string, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;
}

/**
 * Gleaner's side panel (or options page) in Firefox, driven by accessible names like the
 * Chromium suite's page object (e2e/pages/side-panel.ts), through Puppeteer's ARIA query handler.
 */
export class FirefoxPanel {
  constructor(readonly page: Page) {}

  /** Waits for the element matching `selector` (CSS, or Puppeteer's `::-p-aria`/`::-p-text`). */
  element(selector: string, what = selector): Promise<ElementHandle<Element>> {
    return pollFor(what, () => this.page.$(selector));
  }

  /** Waits for the button with this accessible name. */
  button(name: string): Promise<ElementHandle<Element>> {
    return this.element(aria('button', name), `the button "${name}"`);
  }
  /**
   * Waits for the form control labelled `label` (by its `<label>` or `aria-label`). Firefox's
   * accessibility tree names the `<label>` element too and gives password fields their own
   * role, so fields are found through their labels rather than the ARIA query handler.
   */
  async field(label: string): Promise<ElementHandle<HTMLInputElement>> {
    return pollFor(`a field labelled "${label}"`, async () => {
      const handle = await this.page.evaluateHandle((wanted) => {
        for (const element of document.querySelectorAll('label')) {
          if (element.textContent?.trim() === wanted && element.control) return element.control;
        }
        return document.querySelector(`[aria-label="${wanted}"]`);
      }, label);
      return handle.asElement() as ElementHandle<HTMLInputElement> | null;
    });
  }

  /** True while a field labelled `label` is on the page. */
  hasField(label: string): Promise<boolean> {
    return this.page.evaluate(
      (wanted) =>
        [...document.querySelectorAll('label')].some(
          (element) => element.textContent?.trim() === wanted && element.control,
        ) || document.querySelector(`[aria-label="${wanted}"]`) !== null,
      label,
    );
  }

  async click(name: string): Promise<void> {
    await (await this.button(name)).click();
  }

  /** Waits until the page shows `text` (in its rendered text, not its markup). */
  async waitForText(text: string, timeout = TIMEOUT_MS): Promise<void> {
    await pollFor(
      `the page to show "${text}"`,
      () =>
        this.page.evaluate(
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text a user sees, not hidden nodes
          (wanted) => document.body?.innerText.includes(wanted),
          text,
        ),
      timeout,
    );
  }

  /** Waits until no answer, nor the page, shows `text`. */
  async waitForNoText(text: string, timeout = TIMEOUT_MS): Promise<void> {
    await pollFor(
      `the page to stop showing "${text}"`,
      () =>
        this.page.evaluate(
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text a user sees, not hidden nodes
          (gone) => !document.body?.innerText.includes(gone),
          text,
        ),
      timeout,
    );
  }

  /** The text of every answer in the open session, oldest first. */
  answers(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('article[aria-label="Answer"]')].map(
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text a user sees, not hidden nodes
        (answer) => (answer as HTMLElement).innerText,
      ),
    );
  }

  /** Waits until an answer shows `text`. */
  async expectAnswer(text: string): Promise<void> {
    await pollFor(`an answer showing "${text}"`, async () =>
      (await this.answers()).some((answer) => answer.includes(text)),
    ).catch(async () => {
      throw new Error(
        `No answer showed "${text}". Answers: ${JSON.stringify(await this.answers())}`,
      );
    });
  }

  /** True while an element with this role and name is on the page. */
  async has(role: string, name: string): Promise<boolean> {
    return (await this.page.$(aria(role, name))) !== null;
  }

  /** Waits until no run is active: Send is back and Stop is gone. */
  async expectIdle(): Promise<void> {
    await this.button('Send');
    await pollFor('the Stop button to go', () =>
      this.page.evaluate(
        () =>
          ![...document.querySelectorAll('button')].some(
            (button) => button.textContent?.trim() === 'Stop' || button.ariaLabel === 'Stop',
          ),
      ),
    );
  }

  /** Picks the option labelled `label` of the select named `name` (React sees the change). */
  async selectOption(name: string, label: string): Promise<void> {
    const select = await this.element(aria('combobox', name), `the "${name}" select`);
    const value = await select.evaluate(
      (element, wanted) =>
        [...(element as HTMLSelectElement).options].find((option) => option.text === wanted)?.value,
      label,
    );
    if (value === undefined) throw new Error(`The ${name} select has no option "${label}".`);
    await select.select(value);
  }

  /** Replaces a field's value the way typing would, so React's onChange sees it. */
  async fill(label: string, value: string): Promise<void> {
    const field = await this.field(label);
    await field.evaluate((element, text) => {
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, text);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
  }

  /** Types a message and clicks Send. */
  async ask(text: string): Promise<void> {
    await this.fill('Message', text);
    await this.click('Send');
  }

  /** Sets the mock up as the model through Settings, saves and goes back to the chat. */
  async configure(options: {
    baseUrl: string;
    apiKey: string;
    smallModel?: string;
    duckduckgoUrl?: string;
  }): Promise<void> {
    await this.click('Settings');
    await this.fillProviderForm(options);
    await this.save();
    await this.backToChat();
  }

  async fillProviderForm(options: {
    baseUrl: string;
    apiKey: string;
    smallModel?: string;
    duckduckgoUrl?: string;
  }): Promise<void> {
    await this.selectOption('Provider', 'Custom (OpenAI-compatible)');
    await this.fill('Base URL', options.baseUrl);
    await this.fill('API key', options.apiKey);
    await this.fill('Model', 'mock-large');
    if (options.smallModel) await this.fill('Small model', options.smallModel);
    if (options.duckduckgoUrl) {
      if (!(await this.hasField('DuckDuckGo URL'))) {
        await (await this.element('::-p-text(Advanced)')).click();
      }
      await this.fill('DuckDuckGo URL', options.duckduckgoUrl);
    }
  }

  async save(): Promise<void> {
    await this.click('Save');
    await pollFor('the status to say Saved or Ready', () =>
      this.page.evaluate(() =>
        // The side panel goes back to the chat saying "Ready: …"; the options page says
        // "Saved. Ready: …".
        [...document.querySelectorAll('[role="status"]')].some((status) =>
          /^(saved|ready: )/i.test((status.textContent ?? '').trim()),
        ),
      ),
    );
  }

  async backToChat(): Promise<void> {
    if (await this.hasField('Message')) return;
    await this.click('Back to chat');
    await this.field('Message');
  }

  /** Opens a session from the Sessions list by its title. */
  async openSession(title: string): Promise<void> {
    await this.click('Sessions');
    await this.click(title);
    await this.field('Message');
  }

  /** Clicks a button of the consent card (Allow once, Deny, …). */
  async answerConsent(button: 'Allow once' | 'Deny'): Promise<void> {
    await this.element(aria('region', 'Permission request'), 'the consent card');
    await this.click(button);
  }

  /** Checks the picker's box for each tab title, then closes it. */
  async attachTabs(titles: string[]): Promise<void> {
    await this.click('Attach tab');
    for (const title of titles) {
      await (await this.element(aria('checkbox', title), `the "${title}" box`)).click();
    }
    await this.click('Done');
  }
}
