import { defineConfig } from 'wxt';

/**
 * zod probes whether `new Function` works (`allowsEval` in zod/v4/core/util.js) to decide on its
 * JIT. The extension's CSP forbids eval, so the answer can only be false, and lib/zod-setup.ts
 * turns the JIT off anyway; but the probe's `Function("")` stays in every bundle, where the
 * stores' linters flag it as eval. This replaces the probe with its only possible answer, and
 * fails the build if a zod upgrade changes the code, so the replacement is never silently lost.
 */
const ZOD_EVAL_PROBE =
  /try \{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch \(_\) \{\s*return false;\s*\}/;
function zodWithoutEvalProbe() {
  return {
    name: 'gleaner:zod-without-eval-probe',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/.test(id)) return undefined;
      if (!ZOD_EVAL_PROBE.test(code)) {
        throw new Error(
          `zod's eval probe in ${id} changed: update ZOD_EVAL_PROBE in wxt.config.ts.`,
        );
      }
      return { code: code.replace(ZOD_EVAL_PROBE, 'return false;'), map: null };
    },
  };
}

// See https://wxt.dev/api/config.html
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  webExt: { disabled: true },
  // The benchmark's empty React page (entrypoints/bench-empty) is built for `npm run bench` only.
  zip: { exclude: ['bench-empty.html', 'chunks/bench-empty-*.js'] },
  vite: () => ({
    plugins: [zodWithoutEvalProbe()],
    // `GLEANER_UNMINIFIED=1 npm run build` keeps function names, so the CPU profiles that
    // `npm run bench -- --profile` prints name our functions instead of one-letter ones.
    build: {
      // A chunk loaded on demand would add a <link rel="modulepreload"> to the page for each
      // chunk it imports: measured in the side panel, adding them cost more main-thread time
      // than the local file reads they save. The pages' own HTML keeps its preloads.
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: string }) =>
          hostType === 'html' ? deps : [],
      },
      ...(process.env.GLEANER_UNMINIFIED ? { minify: false } : {}),
    },
  }),
  manifest: ({ browser }) => ({
    // The texts are in public/_locales/<language>/messages.json, read in the browser's language.
    name: '__MSG_name__',
    description: '__MSG_description__',
    default_locale: 'en',
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
    action: { default_title: '__MSG_actionTitle__' },
    commands: {
      'summarize-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_summarizePage__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'gleaner@gleaner.invalid',
              // 140 is the first Firefox (and ESR) that knows data_collection_permissions, which
              // the store requires; web-ext lint warns below it.
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            // Firefox for Android learnt data_collection_permissions in 142.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
