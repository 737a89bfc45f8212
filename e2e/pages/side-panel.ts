import { expect, type Locator, type Page } from '@playwright/test';

export interface ProviderForm {
  /** Option label of the Provider select, e.g. 'Custom (OpenAI-compatible)'. */
  provider?: string;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  smallModel?: string;
  contextWindow?: number;
  /** Option label of Settings → Web search → Search provider, e.g. 'DuckDuckGo (no key)'. */
  searchProvider?: string;
  /** Settings → Web search → Advanced → DuckDuckGo URL (the search fixture's endpoint). */
  duckduckgoUrl?: string;
}

/**
 * The side panel (`sidepanel.html`, opened as a tab) driven only through accessible names, the
 * same names PRODUCT.md promises to users of screen readers. The settings form methods also work
 * on the options page, which shows the same form.
 */
export class SidePanel {
  constructor(readonly page: Page) {}

  // Composer
  get messageField(): Locator {
    return this.page.getByLabel('Message', { exact: true });
  }
  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true });
  }
  get newChatButton(): Locator {
    return this.page.getByRole('button', { name: 'New chat', exact: true });
  }
  get resumeButton(): Locator {
    return this.page.getByRole('button', { name: 'Resume', exact: true });
  }
  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue', exact: true });
  }
  /**
   * A one-line notice the extension wrote under an answer (a denial, a limit reached): its own
   * words, shown as a paragraph of the answer.
   */
  noticeLine(text: string | RegExp): Locator {
    return this.answers.getByText(text);
  }
  /** The banner's status when the latest answer stopped at a limit (next to Continue). */
  get limitStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'This answer stopped at a limit.' });
  }
  get activityButton(): Locator {
    return this.page.getByRole('button', { name: 'Activity', exact: true });
  }
  /** The assistant's answers in the open session, oldest first (articles named "Answer"). */
  get answers(): Locator {
    return this.page.getByRole('article', { name: 'Answer', exact: true });
  }
  /** The user's messages in the open session (articles named "Your message"). */
  get userMessages(): Locator {
    return this.page.getByRole('article', { name: 'Your message', exact: true });
  }
  /** The composer's Search the web switch: the next message asks for a web search. */
  get searchWebToggle(): Locator {
    return this.page.getByRole('switch', { name: 'Search the web', exact: true });
  }
  /** Error and status sentences shown for a failed run. */
  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  // Reading pages: attached tabs, Summarize this page, the consent card, Sources
  /** The empty chat's button; it reads the current tab (the active web page of the window). */
  get summarizeButton(): Locator {
    return this.page.getByRole('button', { name: 'Summarize this page', exact: true });
  }
  /** Opens and closes the composer's picker of the window's tabs. */
  get attachTabButton(): Locator {
    return this.page.getByRole('button', { name: 'Attach tab', exact: true });
  }
  /** The picker: a group of checkboxes, one per readable tab, named by the tab's title. */
  get tabPicker(): Locator {
    return this.page.getByRole('group', { name: 'Tabs in this window', exact: true });
  }
  /** The composer's chips: a list of the tabs the next message takes along. */
  get attachedTabs(): Locator {
    return this.page.getByRole('list', { name: 'Attached tabs', exact: true });
  }
  /** What the composer says when no tab goes with the next message. */
  get noTabAttached(): Locator {
    return this.page.getByText('No tab attached', { exact: true });
  }
  /** The @-mention suggestions under the Message field. */
  get mentionSuggestions(): Locator {
    return this.page.getByRole('listbox', { name: 'Tabs to attach', exact: true });
  }
  /** The inline card that asks before a tab (or the web) is read. */
  get consentCard(): Locator {
    return this.page.getByRole('region', { name: 'Permission request', exact: true });
  }
  get allowOnceButton(): Locator {
    return this.consentCard.getByRole('button', { name: 'Allow once', exact: true });
  }
  get denyButton(): Locator {
    return this.consentCard.getByRole('button', { name: 'Deny', exact: true });
  }
  /** The fetch card's standing grant for the exact site (scheme, host and port). */
  get alwaysAllowSiteButton(): Locator {
    return this.consentCard.getByRole('button', { name: 'Always allow this site', exact: true });
  }
  /** The card's checkbox that lets every further fetch of the same answer through. */
  get allowAllFetchesCheckbox(): Locator {
    return this.consentCard.getByRole('checkbox', {
      name: 'Allow all fetches for this answer',
      exact: true,
    });
  }
  /** The address a fetch card asks about, as one piece of code text. */
  get consentUrl(): Locator {
    return this.consentCard.getByRole('code');
  }
  /** The highlighted part of that address (`<mark>`): the origin that would be contacted. */
  get consentHighlightedOrigin(): Locator {
    // Playwright resolves the ARIA 1.3 `mark` role (the implicit role of <mark>), but its types
    // do not list it yet.
    return this.consentCard.getByRole('mark' as Parameters<Locator['getByRole']>[0]);
  }
  /** The search card's standing grant for every search with the provider. */
  get alwaysAllowSearchesButton(): Locator {
    return this.consentCard.getByRole('button', { name: 'Always allow searches', exact: true });
  }
  /** The Activity toggle of one answer (it folds out the run's steps under the answer). */
  activityOf(answer: Locator): Locator {
    return answer.getByRole('button', { name: 'Activity', exact: true });
  }
  /** Under an agentic_fetch step of an open Activity: the sub-agent's own steps and facts. */
  fetchAnalysisOf(answer: Locator): Locator {
    return answer.getByRole('region', { name: 'Fetch Analysis', exact: true });
  }
  /** The sub-agent's steps, one listitem each (model calls, searches, fetches, view, grep). */
  fetchAnalysisSteps(answer: Locator): Locator {
    return this.fetchAnalysisOf(answer)
      .getByRole('list', { name: 'Fetch Analysis steps', exact: true })
      .getByRole('listitem');
  }
  /** Opens an answer's Activity (if folded) and returns the Fetch Analysis region in it. */
  async openFetchAnalysisActivity(answer: Locator): Promise<Locator> {
    const toggle = this.activityOf(answer);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = this.fetchAnalysisOf(answer);
    await expect(region).toBeVisible();
    return region;
  }

  /** The Sources an answer lists (built by the extension from what was read). */
  sourcesOf(answer: Locator): Locator {
    return answer.getByRole('region', { name: 'Sources', exact: true });
  }

  // Settings form
  get settingsButton(): Locator {
    return this.page.getByRole('button', { name: 'Settings', exact: true });
  }
  get providerSelect(): Locator {
    return this.page.getByLabel('Provider', { exact: true });
  }
  get baseUrlField(): Locator {
    return this.page.getByLabel('Base URL', { exact: true });
  }
  get apiKeyField(): Locator {
    return this.page.getByLabel('API key', { exact: true });
  }
  get modelField(): Locator {
    return this.page.getByLabel('Model', { exact: true });
  }
  get smallModelField(): Locator {
    return this.page.getByLabel('Small model', { exact: true });
  }
  get contextWindowField(): Locator {
    return this.page.getByLabel('Context window', { exact: true });
  }
  /** Settings → the "Web search" group (a fieldset named by its legend). */
  get webSearchGroup(): Locator {
    return this.page.getByRole('group', { name: 'Web search', exact: true });
  }
  get searchProviderSelect(): Locator {
    return this.webSearchGroup.getByLabel('Search provider', { exact: true });
  }
  /** Behind the group's folded "Advanced" part unless it holds a non-default address. */
  get duckduckgoUrlField(): Locator {
    return this.webSearchGroup.getByLabel('DuckDuckGo URL', { exact: true });
  }
  get searxngUrlField(): Locator {
    return this.webSearchGroup.getByLabel('SearXNG URL', { exact: true });
  }
  get braveKeyField(): Locator {
    return this.webSearchGroup.getByLabel('Brave API key', { exact: true });
  }
  get testConnectionButton(): Locator {
    return this.page.getByRole('button', { name: 'Test connection', exact: true });
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save', exact: true });
  }
  /** The result of Test connection: a status that says "Connected" and lists the model ids. */
  get connectionResult(): Locator {
    return this.page.getByRole('status').filter({ hasText: /connected/i });
  }

  // Settings → Permissions: standing grants (each with Revoke) and private-host exemptions
  get permissionsSection(): Locator {
    return this.page.getByRole('region', { name: 'Permissions', exact: true });
  }
  /** The grants, one listitem each ("Always allowed site http://news.test:1234", Revoke). */
  get grantRows(): Locator {
    return this.permissionsSection.getByRole('listitem');
  }
  /** The row of the grant whose text (kind and host) contains `text`. */
  grantRow(text: string | RegExp): Locator {
    return this.grantRows.filter({ hasText: text });
  }
  get privateHostField(): Locator {
    return this.permissionsSection.getByLabel('Private host', { exact: true });
  }
  get allowHostButton(): Locator {
    return this.permissionsSection.getByRole('button', { name: 'Allow host', exact: true });
  }

  /** Clicks Revoke in the grant's row and waits until the row is gone. */
  async revokeGrant(text: string | RegExp): Promise<void> {
    const row = this.grantRow(text);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(row).toHaveCount(0);
  }

  /** Exempts `host` (`host` or `host:port`) from the private-address guard and waits for its row. */
  async allowPrivateHost(host: string): Promise<void> {
    await this.privateHostField.fill(host);
    await this.allowHostButton.click();
    await expect(this.grantRow(host)).toHaveCount(1);
    await expect(this.privateHostField).toHaveValue('');
  }

  // Sessions
  get sessionsButton(): Locator {
    return this.page.getByRole('button', { name: 'Sessions', exact: true });
  }
  get searchSessionsField(): Locator {
    return this.page.getByLabel('Search sessions', { exact: true });
  }
  /** The list row of a session: a listitem holding a button named by the session title. */
  sessionRow(title: string): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: title, exact: true }) });
  }
  sessionButton(title: string): Locator {
    return this.sessionRow(title).getByRole('button', { name: title, exact: true });
  }

  /** The first-run notice that no model is configured. */
  get notConfiguredNotice(): Locator {
    return this.page.getByText(/no model is configured/i);
  }
  /** The first-run button that opens Settings. */
  get setUpModelButton(): Locator {
    return this.page.getByRole('button', { name: /set up a model|open settings/i });
  }

  /** Attaches tabs by title with the Attach tab picker (checking each box), then closes it. */
  async attachTabsWithPicker(titles: string[]): Promise<void> {
    if (!(await this.tabPicker.isVisible())) await this.attachTabButton.click();
    await expect(this.tabPicker).toBeVisible();
    for (const title of titles) {
      await this.tabPicker.getByRole('checkbox', { name: title, exact: true }).check();
    }
    await this.tabPicker.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(this.tabPicker).toBeHidden();
  }

  /**
   * Attaches a tab by typing `@query` in the Message field and picking the suggestion named
   * `title` with the keyboard; the `@query` leaves the text.
   */
  async attachTabByMention(query: string, title: string): Promise<void> {
    await this.messageField.click();
    await this.messageField.pressSequentially(`@${query}`);
    const option = this.mentionSuggestions.getByRole('option', { name: title, exact: true });
    await expect(option).toBeVisible();
    const options = await this.mentionSuggestions.getByRole('option').count();
    for (let step = 0; step < options; step++) {
      if ((await option.getAttribute('aria-selected')) === 'true') break;
      await this.messageField.press('ArrowDown');
    }
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await this.messageField.press('Enter');
    await expect(this.mentionSuggestions).toBeHidden();
  }

  /** Waits until the chips are exactly `titles`, in order. */
  async expectAttachedTabs(titles: string[]): Promise<void> {
    if (titles.length === 0) {
      await expect(this.noTabAttached).toBeVisible();
      return;
    }
    await expect(this.attachedTabs.getByRole('listitem')).toHaveCount(titles.length);
    for (const [index, title] of titles.entries()) {
      await expect(
        this.attachedTabs.getByRole('listitem').nth(index).getByRole('button'),
      ).toHaveAccessibleName(`Remove ${title}`);
    }
  }

  /** Waits until `answer` lists exactly these sources: links named by title, to `url`. */
  async expectSources(answer: Locator, sources: Array<{ title: string; url: string }>) {
    const region = this.sourcesOf(answer);
    await expect(region).toBeVisible();
    await expect(region.getByRole('link')).toHaveCount(sources.length);
    for (const source of sources) {
      const link = region.getByRole('link', { name: source.title, exact: true });
      await expect(link).toHaveAttribute('href', source.url);
      await expect(region.getByText(source.url, { exact: true })).toBeVisible();
    }
  }

  async bringToFront(): Promise<void> {
    await this.page.bringToFront();
  }

  /** Opens the settings form inside the panel with the header's Settings button. */
  async openSettings(): Promise<void> {
    if (await this.baseUrlField.isVisible()) return;
    await this.settingsButton.click();
    await expect(this.baseUrlField).toBeVisible();
  }

  /** Fills the settings form (in the panel or on the options page) without saving. */
  async fillProviderForm(form: ProviderForm): Promise<void> {
    if (form.provider !== undefined) {
      await this.providerSelect.selectOption({ label: form.provider });
    }
    if (form.baseUrl !== undefined) await this.baseUrlField.fill(form.baseUrl);
    if (form.apiKey !== undefined) await this.apiKeyField.fill(form.apiKey);
    if (form.model !== undefined) await this.modelField.fill(form.model);
    if (form.smallModel !== undefined) await this.smallModelField.fill(form.smallModel);
    if (form.contextWindow !== undefined) {
      await this.contextWindowField.fill(String(form.contextWindow));
    }
    if (form.searchProvider !== undefined) {
      await this.searchProviderSelect.selectOption({ label: form.searchProvider });
    }
    if (form.duckduckgoUrl !== undefined) {
      if (!(await this.duckduckgoUrlField.isVisible())) {
        await this.webSearchGroup.getByText('Advanced', { exact: true }).click();
      }
      await this.duckduckgoUrlField.fill(form.duckduckgoUrl);
    }
  }

  async expectModelsListed(ids: string[]): Promise<void> {
    await expect(this.connectionResult).toBeVisible();
    for (const id of ids) {
      await expect(this.connectionResult.getByText(id, { exact: true })).toBeVisible();
    }
  }

  /**
   * Clicks Save and waits for it to say so: the side panel returns to the chat with "Ready: …",
   * the options page says "Saved. Ready: …".
   */
  async saveSettings(): Promise<void> {
    await this.saveButton.click();
    await expect(this.readyStatus).toBeVisible();
  }
  get readyStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^(saved\. )?ready: /i });
  }

  /** Leaves the settings view for the chat view ("Back to chat") if saving did not already. */
  async backToChat(): Promise<void> {
    if (await this.messageField.isVisible()) return;
    await this.page.getByRole('button', { name: /back to chat/i }).click();
    await expect(this.messageField).toBeVisible();
  }

  /** Types a message and clicks Send. */
  async ask(text: string): Promise<void> {
    await expect(this.messageField).toBeEditable();
    await this.messageField.fill(text);
    await this.sendButton.click();
  }

  /** Waits until an answer shows `text` (streamed answers arrive piece by piece). */
  async expectAnswer(text: string | RegExp): Promise<void> {
    await expect(this.answers.getByText(text).first()).toBeVisible();
  }

  /** Waits until no run is active: Send is back and Stop is gone. */
  async expectIdle(): Promise<void> {
    await expect(this.sendButton).toBeVisible();
    await expect(this.stopButton).toBeHidden();
  }

  async startNewChat(): Promise<void> {
    await this.newChatButton.click();
    await expect(this.messageField).toBeVisible();
  }

  /** Shows the sessions list (the header's Sessions button toggles it in place of the chat). */
  async showSessions(): Promise<void> {
    if (await this.searchSessionsField.isVisible()) return;
    await this.sessionsButton.click();
    await expect(this.searchSessionsField).toBeVisible();
  }

  async openSession(title: string): Promise<void> {
    await this.showSessions();
    await this.sessionButton(title).click();
  }

  async searchSessions(query: string): Promise<void> {
    await this.showSessions();
    await this.searchSessionsField.fill(query);
  }

  /** A row's ⋯ button, "Actions for <title>", which opens the menu of its actions. */
  sessionMenuButton(title: string): Locator {
    return this.page.getByRole('button', { name: `Actions for ${title}`, exact: true });
  }
  /** An item of a row's open ⋯ menu: "Rename <title>", "Export <title> as JSON", "Delete <title>". */
  sessionMenuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name, exact: true });
  }
  /** Opens a row's ⋯ menu and chooses one of its items. */
  async chooseSessionAction(title: string, item: string): Promise<void> {
    await this.showSessions();
    await this.sessionMenuButton(title).click();
    await this.sessionMenuItem(item).click();
  }

  /** Renames a session in place: Rename opens a field labelled "Session title"; Enter saves. */
  async renameSession(title: string, newTitle: string): Promise<void> {
    await this.chooseSessionAction(title, `Rename ${title}`);
    const field = this.page.getByLabel('Session title', { exact: true });
    await expect(field).toBeFocused();
    await field.fill(newTitle);
    await field.press('Enter');
    await expect(this.sessionButton(newTitle)).toBeVisible();
  }

  /**
   * Deletes a session through its in-panel confirmation: Delete in the row opens an alertdialog
   * ("Delete this session?") whose own Delete button confirms.
   */
  async deleteSession(title: string): Promise<void> {
    const row = this.sessionRow(title);
    await this.chooseSessionAction(title, `Delete ${title}`);
    const confirmation = row.getByRole('alertdialog', { name: /delete/i });
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(this.sessionButton(title)).toHaveCount(0);
  }

  // Export and import (sessions list)
  /** Exports a session from its ⋯ menu: "Export <title> as Markdown" or "… as JSON". */
  async exportSession(title: string, format: 'Markdown' | 'JSON'): Promise<void> {
    await this.chooseSessionAction(title, `Export ${title} as ${format}`);
  }
  get exportAllButton(): Locator {
    return this.page.getByRole('button', { name: 'Export all (JSON)', exact: true });
  }
  /** The file input labelled "Import" at the top of the sessions list. */
  get importField(): Locator {
    return this.page.getByLabel('Import', { exact: true });
  }
  get importStatus(): Locator {
    return this.page
      .getByRole('status')
      .filter({ hasText: /^(Imported \d+ sessions?|\d+ imported, \d+ already here)\.$/ });
  }
}
