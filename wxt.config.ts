import { defineConfig } from 'wxt';

// See https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  webExt: { disabled: true },
  manifest: ({ browser }) => ({
    name: 'Gleaner',
    description:
      'An AI assistant in the side panel that answers from your tabs and the web, always with sources.',
    permissions: [
      'storage',
      'tabs',
      'scripting',
      'contextMenus',
      'declarativeNetRequestWithHostAccess',
      'webRequest',
      // Chrome only: the side panel (Firefox gets a sidebar_action), and an offscreen document
      // for pdf.js, which Chrome's service worker cannot run.
      ...(browser === 'firefox' ? [] : ['sidePanel', 'offscreen']),
    ],
    // Reading a tab from a side-panel click gets no activeTab grant, and fetching pages and
    // talking to a configured LLM endpoint needs host access: see README "Permissions".
    host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Open Gleaner' },
    commands: {
      'summarize-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Summarize this page',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'gleaner@gleaner.invalid',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
