import type { Page } from 'puppeteer-core';
import { type FirefoxSession, GECKO_ID, goto } from './firefox';

/** Firefox's widget and element ids for the add-on (its id with `@` and `.` as `_`). */
const WIDGET_PREFIX = GECKO_ID.replace(/[@.]/g, '_');
export const SIDEBAR_ID = `${WIDGET_PREFIX}-sidebar-action`;

/**
 * Firefox's own window (toolbar, sidebar, context menu, keyboard shortcuts), which WebDriver
 * BiDi's content pages cannot reach. about:debugging is a privileged page (opened thanks to
 * `--remote-allow-system-access`); its `browsingContext.topChromeWindow` is the browser window,
 * where a script can press the toolbar button or a shortcut's `<key>` as Firefox's own UI does
 * (`doCommand`, which Firefox treats as user input, as it must for `sidebarAction.open`).
 */
export class BrowserWindow {
  private constructor(private readonly page: Page) {}

  static async open(session: FirefoxSession): Promise<BrowserWindow> {
    const page = await session.browser.newPage();
    await goto(page, 'about:debugging#/runtime/this-firefox');
    return new BrowserWindow(page);
  }

  /** Runs `script` (the body of a function of `win`, the browser window) in the chrome. */
  private run<T>(script: string, argument: unknown = null): Promise<T> {
    return this.page.evaluate(
      `(async (win, argument) => { ${script} })(window.browsingContext.topChromeWindow, ${JSON.stringify(argument)})`,
    ) as Promise<T>;
  }

  /** The sidebar's state: open or not, which sidebar, and the page it shows. */
  sidebar(): Promise<{ open: boolean; id: string; url: string | undefined }> {
    return this.run(`
      const controller = win.SidebarController;
      const inner = controller.browser?.contentDocument?.getElementById('webext-panels-browser');
      return { open: controller.isOpen, id: controller.currentID, url: inner?.currentURI?.spec };
    `);
  }

  async closeSidebar(): Promise<void> {
    await this.run('win.SidebarController.hide();');
  }

  /** Pins the add-on's toolbar button to the navigation bar and presses it. */
  async pressToolbarButton(): Promise<void> {
    await this.run(
      `
      const id = argument + '-browser-action';
      win.CustomizableUI.addWidgetToArea(id, win.CustomizableUI.AREA_NAVBAR);
      const item = win.CustomizableUI.getWidget(id).forWindow(win).node;
      const button = item.localName === 'toolbarbutton' ? item : item.querySelector('toolbarbutton');
      if (!button) throw new Error('The add-on has no toolbar button.');
      button.doCommand();
    `,
      WIDGET_PREFIX,
    );
  }

  /** The add-on's registered shortcuts, as Firefox's `<key>` elements hold them. */
  shortcuts(): Promise<Array<{ key: string | null; modifiers: string | null }>> {
    return this.run(
      `
      const keys = win.document.querySelectorAll('#ext-keyset-id-' + argument + ' key');
      return [...keys].map((key) => ({ key: key.getAttribute('key'), modifiers: key.getAttribute('modifiers') }));
    `,
      WIDGET_PREFIX,
    );
  }

  /** Fires the add-on's shortcut `<key>` that has these key and modifiers. */
  async pressShortcut(key: string, modifiers: string): Promise<void> {
    await this.run(
      `
      const keys = [...win.document.querySelectorAll('#ext-keyset-id-' + argument.prefix + ' key')];
      const match = keys.find((candidate) => candidate.getAttribute('key') === argument.key && candidate.getAttribute('modifiers') === argument.modifiers);
      if (!match) throw new Error('No shortcut ' + argument.modifiers + '+' + argument.key + ' is registered.');
      match.doCommand();
    `,
      { prefix: WIDGET_PREFIX, key, modifiers },
    );
  }

  /**
   * The labels of the add-on's items in the open page context menu, and clicks the one named
   * `label` (the menu must have been opened with a right click on the page).
   */
  clickContextMenuItem(label: string): Promise<string[]> {
    return this.run(
      `
      const menu = win.document.getElementById('contentAreaContextMenu');
      if (menu.state !== 'open') throw new Error('The page context menu is not open.');
      const ours = [...menu.querySelectorAll('menuitem')].filter((item) => item.id.startsWith(argument.prefix));
      const labels = ours.map((item) => item.getAttribute('label'));
      const item = ours.find((candidate) => candidate.getAttribute('label') === argument.label);
      if (item) { item.doCommand(); }
      menu.hidePopup();
      return labels;
    `,
      { prefix: WIDGET_PREFIX, label },
    );
  }
}
