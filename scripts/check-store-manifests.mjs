// Checks the built manifests before they go to the stores: the permissions are exactly the
// justified ones (README "Permissions and why" names each), nothing lets other extensions or
// sites connect in, the version is the package's, and every icon exists at its size.
// Usage: node scripts/check-store-manifests.mjs [.output/chrome-mv3] [.output/firefox-mv2]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const API_PERMISSIONS = [
  'storage',
  'tabs',
  'scripting',
  'contextMenus',
  'declarativeNetRequestWithHostAccess',
  'webRequest',
];
const CHROME_ONLY = ['sidePanel', 'offscreen'];
const HOSTS = ['http://*/*', 'https://*/*'];
const ICON_SIZES = ['16', '32', '48', '128'];
// Keys that widen who can reach the extension or what its pages may run.
const FORBIDDEN_KEYS = ['externally_connectable', 'content_security_policy', 'key', 'update_url'];

const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;
const readme = readFileSync('README.md', 'utf8');
const problems = [];

function sameSet(actual, expected) {
  return actual.length === expected.length && expected.every((item) => actual.includes(item));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file) {
  const bytes = readFileSync(file);
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') return undefined;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function check(directory, kind) {
  const file = path.join(directory, 'manifest.json');
  if (!existsSync(file)) {
    problems.push(`${file} is missing: build it first (npm run build, npm run build:firefox).`);
    return;
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const where = `${file}:`;
  if (manifest.version !== packageVersion) {
    problems.push(`${where} version is ${manifest.version}, package.json says ${packageVersion}.`);
  }
  if (!manifest.name || !manifest.description) {
    problems.push(`${where} needs a name and a description.`);
  }
  // A __MSG_key__ text comes from _locales: each language's text must exist and fit.
  const localised = (text) => /^__MSG_(\w+)__$/.exec(text ?? '')?.[1];
  const texts = { name: manifest.name, description: manifest.description };
  if (Object.values(texts).some(localised)) {
    const locales = path.join(directory, '_locales');
    if (!manifest.default_locale || !existsSync(path.join(locales, manifest.default_locale))) {
      problems.push(`${where} uses __MSG_ texts but has no default_locale folder in _locales.`);
    }
    for (const language of existsSync(locales) ? readdirSync(locales) : []) {
      const messages = JSON.parse(
        readFileSync(path.join(locales, language, 'messages.json'), 'utf8'),
      );
      for (const [field, text] of Object.entries(texts)) {
        const key = localised(text);
        if (!key) continue;
        const message = messages[key]?.message;
        if (!message)
          problems.push(`${where} _locales/${language} has no "${key}" for the ${field}.`);
        else texts[`${field} (${language})`] = message;
      }
    }
  }
  for (const [field, text] of Object.entries(texts)) {
    if (field.startsWith('description') && !localised(text) && (text ?? '').length > 132) {
      problems.push(`${where} the ${field} is over the 132 characters Chrome allows.`);
    }
  }
  for (const key of FORBIDDEN_KEYS) {
    if (key in manifest) problems.push(`${where} "${key}" must stay absent.`);
  }
  const declared = manifest.permissions ?? [];
  const apis = declared.filter((permission) => !permission.includes('://'));
  const hosts = [
    ...(manifest.host_permissions ?? []),
    ...declared.filter((permission) => permission.includes('://')),
  ];
  const expectedApis = kind === 'chrome' ? [...API_PERMISSIONS, ...CHROME_ONLY] : API_PERMISSIONS;
  if (!sameSet(apis, expectedApis)) {
    problems.push(
      `${where} permissions are [${apis.join(', ')}], expected exactly [${expectedApis.join(', ')}].`,
    );
  }
  if (!sameSet(hosts, HOSTS)) {
    problems.push(`${where} host permissions are [${hosts.join(', ')}], expected [${HOSTS}].`);
  }
  if (manifest.optional_permissions?.length || manifest.optional_host_permissions?.length) {
    problems.push(`${where} optional permissions are not justified in README.`);
  }
  for (const permission of apis) {
    if (!readme.includes(`\`${permission}\``)) {
      problems.push(
        `${where} "${permission}" is not explained under README "Permissions and why".`,
      );
    }
  }
  for (const size of ICON_SIZES) {
    const icon = manifest.icons?.[size];
    const iconFile = icon && path.join(directory, icon);
    if (!iconFile || !existsSync(iconFile)) {
      problems.push(`${where} the ${size} px icon is missing.`);
      continue;
    }
    const actual = pngSize(iconFile);
    if (!actual || actual[0] !== Number(size) || actual[1] !== Number(size)) {
      problems.push(`${where} ${icon} is not a ${size}x${size} PNG.`);
    }
  }
  if (kind === 'firefox') {
    const gecko = manifest.browser_specific_settings?.gecko;
    if (!gecko?.id) problems.push(`${where} Firefox needs browser_specific_settings.gecko.id.`);
    if (!gecko?.data_collection_permissions) {
      problems.push(`${where} AMO needs gecko.data_collection_permissions.`);
    }
  }
}

const [chromeDir = '.output/chrome-mv3', firefoxDir = '.output/firefox-mv2'] =
  process.argv.slice(2);
check(chromeDir, 'chrome');
check(firefoxDir, 'firefox');
if (problems.length) {
  console.error(`Store manifest check: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`- ${problem}`);
  process.exit(1);
}
console.log(`Store manifest check: ${chromeDir} and ${firefoxDir} are as justified.`);
