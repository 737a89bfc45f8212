#!/usr/bin/env node
// Fails when a message is missing in one of the languages (or has a different set of
// placeholders there), when a plural message lacks a form its language needs, when a message is
// used nowhere in the code, or when a component renders hard-coded English: JSX text, or a
// user-facing string attribute (aria-label, title, placeholder, alt, label, …) with words in it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const rootArgument = process.argv.indexOf('--root');
const root =
  rootArgument > 0
    ? path.resolve(process.argv[rootArgument + 1])
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const LOCALES = path.join(root, 'public', '_locales');
const DEFAULT_LANGUAGE = 'en';
/** Intl's tag for each `_locales` folder. */
const tagOf = (folder) => folder.replace('_', '-');
/** Names and key labels that read the same in every language. */
const NAMES = new Set([
  'Gleaner',
  'OpenAI',
  'OpenRouter',
  'Ollama',
  'LM',
  'Studio',
  'Brave',
  'SearXNG',
  'DuckDuckGo',
  'MCP',
  'JSON',
  'URL',
  'API',
  'PDF',
  'Ctrl',
  'Enter',
  'Shift',
  'Alt',
  'Esc',
  'KB',
  'MB',
  'ms',
  'macOS',
  'Windows',
  'Linux',
  'http',
  'https',
]);
/** Elements whose text is code, typed as it is in every language. */
const CODE_ELEMENTS = new Set(['code', 'kbd', 'pre', 'samp']);
/** Attributes and props whose text a person reads or hears. */
const SHOWN_ATTRIBUTE =
  /^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label|[a-z]+(Label|Text|Title|Hint|Message|Description))$/;

const problems = [];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${path.relative(root, file)}: is not valid JSON (${error.message})`);
    return {};
  }
}

const languages = fs.existsSync(LOCALES) ? fs.readdirSync(LOCALES).sort() : [];
if (!languages.includes(DEFAULT_LANGUAGE)) {
  problems.push(`public/_locales/${DEFAULT_LANGUAGE}/messages.json is missing`);
}
const catalogs = Object.fromEntries(
  languages.map((language) => [language, readJson(path.join(LOCALES, language, 'messages.json'))]),
);

const PLURAL = /^(.+)__(zero|one|two|few|many|other)$/;
const placeholdersOf = (entry) =>
  JSON.stringify(
    Object.keys(entry?.placeholders ?? {})
      .map((name) => name.toLowerCase())
      .sort(),
  );

/** Plain keys and plural stems of one language. */
function messagesOf(catalog) {
  const plain = new Set();
  const stems = new Map();
  for (const key of Object.keys(catalog)) {
    const plural = PLURAL.exec(key);
    if (plural) stems.set(plural[1], [...(stems.get(plural[1]) ?? []), plural[2]]);
    else plain.add(key);
  }
  return { plain, stems };
}

const english = messagesOf(catalogs[DEFAULT_LANGUAGE] ?? {});
for (const language of languages) {
  const catalog = catalogs[language];
  const where = `public/_locales/${language}/messages.json`;
  const own = messagesOf(catalog);
  for (const [key, entry] of Object.entries(catalog)) {
    if (typeof entry?.message !== 'string' || entry.message.trim() === '') {
      problems.push(`${where}: "${key}" has no message`);
    }
  }
  if (language === DEFAULT_LANGUAGE) continue;
  for (const key of english.plain) {
    if (!own.plain.has(key)) problems.push(`${where}: "${key}" is missing`);
    else if (placeholdersOf(catalog[key]) !== placeholdersOf(catalogs[DEFAULT_LANGUAGE][key])) {
      problems.push(`${where}: "${key}" has other placeholders than in English`);
    }
  }
  for (const key of own.plain) {
    if (!english.plain.has(key)) problems.push(`${where}: "${key}" is not in English`);
  }
  const categories = new Intl.PluralRules(tagOf(language)).resolvedOptions().pluralCategories;
  for (const stem of english.stems.keys()) {
    const forms = own.stems.get(stem) ?? [];
    for (const category of categories) {
      if (!forms.includes(category)) problems.push(`${where}: "${stem}__${category}" is missing`);
    }
  }
  for (const stem of own.stems.keys()) {
    if (!english.stems.has(stem)) problems.push(`${where}: plural "${stem}" is not in English`);
  }
}
const englishCategories = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
for (const [stem, forms] of english.stems) {
  for (const category of englishCategories) {
    if (!forms.includes(category)) {
      problems.push(
        `public/_locales/${DEFAULT_LANGUAGE}/messages.json: "${stem}__${category}" is missing`,
      );
    }
  }
}

function walk(folder, files = []) {
  if (!fs.existsSync(folder)) return files;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

// A key is used when shipped code names it in quotes, or the manifest as __MSG_key__.
const shipped = ['components', 'hooks', 'entrypoints', 'lib'].flatMap((top) =>
  walk(path.join(root, top)),
);
const config = path.join(root, 'wxt.config.ts');
const code = [...shipped, ...(fs.existsSync(config) ? [config] : [])]
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const quoted = new Set([...code.matchAll(/['"`]([A-Za-z0-9_@]+)['"`]/g)].map((match) => match[1]));
const manifest = new Set([...code.matchAll(/__MSG_([A-Za-z0-9_@]+)__/g)].map((match) => match[1]));
for (const key of [...english.plain, ...english.stems.keys()]) {
  if (!quoted.has(key) && !manifest.has(key)) {
    problems.push(`public/_locales/${DEFAULT_LANGUAGE}/messages.json: "${key}" is used nowhere`);
  }
}

/** The words of `text` that are neither names nor symbols, i.e. English a person would read. */
function englishWords(text) {
  return (text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter((word) => !NAMES.has(word));
}

/** String literals of an expression that end up shown: not those handed to a call like t(). */
function shownStrings(node, found = []) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
  else if (ts.isTemplateExpression(node)) {
    found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    for (const span of node.templateSpans) shownStrings(span.expression, found);
  } else if (ts.isConditionalExpression(node)) {
    shownStrings(node.whenTrue, found);
    shownStrings(node.whenFalse, found);
  } else if (ts.isBinaryExpression(node)) {
    // `a && 'text'` shows its right side; `a || 'text'`, `a ?? 'text'` and `a + 'text'` either
    // side; a comparison shows neither.
    const kind = node.operatorToken.kind;
    const shows = [
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.PlusToken,
    ].includes(kind);
    if (shows) shownStrings(node.left, found);
    if (shows || kind === ts.SyntaxKind.AmpersandAmpersandToken) shownStrings(node.right, found);
  } else if (ts.isParenthesizedExpression(node)) shownStrings(node.expression, found);
  return found;
}

// The benchmark's empty page is never shown to anyone and is the baseline of the cold open: it
// stays free of the localisation code it is measured against.
const NOT_SHOWN = path.join('entrypoints', 'bench-empty');
const components = ['components', 'entrypoints']
  .flatMap((top) => walk(path.join(root, top)))
  .filter((file) => !path.relative(root, file).startsWith(NOT_SHOWN));
for (const file of components.filter((name) => name.endsWith('.tsx'))) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const where = (node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const report = (node, text) => {
    if (englishWords(text).length > 0) {
      problems.push(
        `${where(node)}: hard-coded text "${text.trim().replace(/\s+/g, ' ')}"; use t()`,
      );
    }
  };
  const visit = (node) => {
    if (ts.isJsxElement(node) && CODE_ELEMENTS.has(node.openingElement.tagName.getText(source))) {
      return;
    }
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of shownStrings(node.expression)) report(node, text);
    } else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTE.test(node.name.getText(source))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(node, value.text);
      else if (value && ts.isJsxExpression(value) && value.expression) {
        for (const text of shownStrings(value.expression)) report(node, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length) {
  console.error(`Localisation check: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `Localisation check: ${languages.length} languages agree, every message is used, no hard-coded text in ${components.length} files.`,
);
