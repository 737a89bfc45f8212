import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ARTICLE_BOILERPLATE } from '../e2e/servers/fixture-site';
import { messageText } from '../e2e/servers/mock-llm';
import { allToolResults, freshChat, toolResult, useJourney } from './journey';
import { PDF_LINES, type PdfSite, startPdfSite } from './pdf-site';
import { activateTab, openTab, waitForReadAhead } from './tabs';

describe('Firefox: reading pages and PDFs', () => {
  const journey = useJourney();
  let pdfSite: PdfSite;
  before(async () => {
    pdfSite = await startPdfSite();
  });
  after(async () => {
    await pdfSite?.close();
  });
  beforeEach(() => freshChat(journey));

  test('Summarize this page reads the current tab in the page and cites it', async () => {
    const { firefox, fixtureSite, mockLlm } = journey;
    const { panel } = firefox;
    const article = fixtureSite.pages.article;
    const tab = await openTab(panel, article.url);
    assert.equal(tab.title, article.title);
    await activateTab(panel, tab.id);
    // The sidebar reads the tab it shows ahead, in the page; Summarize then takes that result.
    await waitForReadAhead(panel, tab.id);
    const summary = 'The Lune valley picked a record apple harvest, and storage is short.';
    mockLlm.enqueue({ text: summary });
    await panel.click('Summarize this page');
    await panel.expectAnswer(summary);
    await panel.expectIdle();

    const requests = mockLlm.chatRequests();
    assert.equal(requests.length, 1, 'one model call: the page is read before it');
    const page = allToolResults(mockLlm);
    for (const paragraph of article.paragraphs) assert.ok(page.includes(paragraph), paragraph);
    assert.match(page, /\| *2022 *\| *1,310 *\|/, 'the table arrives as a GFM table');
    assert.ok(!page.includes(ARTICLE_BOILERPLATE.cookie), 'the cookie banner stays behind');
    const user = requests[0]!.body.messages.filter((message) => message.role === 'user');
    assert.match(messageText(user.at(-1)?.content), /summari[sz]e/i);
    await panel.waitForText(article.url);
  });

  test('a PDF tab gives its text through pdf.js in the background page', async () => {
    const { firefox, mockLlm } = journey;
    const { panel } = firefox;
    const tab = await openTab(panel, pdfSite.url);
    await activateTab(panel, tab.id);
    const summary = 'The cooperative sold its surplus to cider makers.';
    mockLlm.enqueue({ text: summary });
    await panel.click('Summarize this page');
    await panel.expectAnswer(summary);
    await panel.expectIdle();
    const page = allToolResults(mockLlm);
    assert.ok(page.includes(PDF_LINES.first), `the first page reaches the model: ${page}`);
    assert.ok(page.includes(PDF_LINES.second), 'the second page reaches the model');
  });

  test('a fetched PDF is read after Allow once', async () => {
    const { firefox, mockLlm } = journey;
    const { panel } = firefox;
    const before = pdfSite.hits();
    const answer = 'They bought 410 tonnes.';
    mockLlm.enqueue(
      { toolCalls: [{ id: 'call_pdf', name: 'fetch', arguments: { url: pdfSite.url } }] },
      { text: answer },
    );
    await panel.ask('How many tonnes did the cider makers buy?');
    await panel.answerConsent('Allow once');
    await panel.expectAnswer(answer);
    await panel.expectIdle();
    assert.equal(pdfSite.hits(), before + 1, 'the PDF was downloaded once');
    const result = toolResult(mockLlm, 'call_pdf') ?? '';
    assert.ok(result.includes(PDF_LINES.second), `the PDF's text is the tool result: ${result}`);
  });
});
