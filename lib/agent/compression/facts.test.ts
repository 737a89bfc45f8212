import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../llm/token-estimate';
import { extractFacts, missingFacts, PUT_BACK_HEADING, putBackFacts } from './facts';

const texts = (original: string, custom?: RegExp[]) =>
  extractFacts(original, custom).map((fact) => `${fact.kind}:${fact.text}`);

describe('extractFacts in English', () => {
  const contract =
    'The agreement between Acme Holdings and Globex was signed on March 15, 2024 and runs until ' +
    '2026-03-14. The fee is $12,500.00 per month, late payment costs 0.5% per day, and delivery ' +
    'takes 30 days for 2.5 kg parcels. Ticket INV-2024-0042 is tracked at ' +
    'https://example.com/contracts/42?tab=terms. Contact legal@acme.example by 03/04/2025.';

  it('finds numbers with units, amounts, percentages, dates, names, URLs and identifiers', () => {
    const found = texts(contract);
    expect(found).toEqual(
      expect.arrayContaining([
        'name:Acme Holdings',
        'name:Globex',
        'date:March 15, 2024',
        'date:2026-03-14',
        'amount:$12,500.00',
        'percent:0.5%',
        'quantity:30 days',
        'quantity:2.5 kg',
        'identifier:INV-2024-0042',
        'url:https://example.com/contracts/42?tab=terms',
        'email:legal@acme.example',
        'date:03/04/2025',
      ]),
    );
  });

  it('keeps the longest match where facts overlap and lists each fact once', () => {
    const found = texts('It costs $1,200. Again: $1,200, and 1,200 people came.');
    expect(found).toEqual(['amount:$1,200', 'quantity:1,200 people']);
  });

  it('takes the kinds a person added in Keep verbatim', () => {
    expect(texts('See contract HT-SH-0113 and clause 7(b).', [/clause \d+\([a-z]\)/u])).toEqual(
      expect.arrayContaining(['identifier:HT-SH-0113', 'custom:clause 7(b)']),
    );
  });
});

describe('extractFacts in Chinese', () => {
  const contract =
    '甲方北京星河科技有限公司与乙方签订《技术服务合同》，服务期限自2024年3月1日起共12个月。' +
    '违约金比例是 0.5%，服务费为 120万元，联系人王小明先生，资料见 https://example.cn/合同。';

  it('finds CJK names, titles, dates, percentages, amounts and durations', () => {
    const found = texts(contract);
    expect(found).toEqual(
      expect.arrayContaining([
        'name:北京星河科技有限公司',
        'name:《技术服务合同》',
        'date:2024年3月1日',
        'quantity:12个月',
        'percent:0.5%',
        'amount:120万元',
        'name:王小明',
      ]),
    );
    expect(found.some((fact) => fact.startsWith('url:https://example.cn/'))).toBe(true);
  });
});

describe('extractFacts in Russian', () => {
  const text =
    'Договор с ООО «Ромашка» подписал Иван Петров 15 марта 2024 года. Неустойка составляет ' +
    '0,5 процента в день, сумма — 1 200 000 руб., срок поставки 45 дней. Подробности: ' +
    'https://example.ru/dogovor/17.';

  it('finds Cyrillic names, Russian dates, percentages, amounts and durations', () => {
    const found = texts(text);
    expect(found).toEqual(
      expect.arrayContaining([
        'name:«Ромашка»',
        'name:Иван Петров',
        'date:15 марта 2024 года',
        'percent:0,5 процента',
        'amount:1 200 000 руб.',
        'quantity:45 дней',
        'url:https://example.ru/dogovor/17',
      ]),
    );
  });
});

describe('putBackFacts', () => {
  it('puts back, verbatim and in its sentence, the percentage a summary lost', () => {
    const original = '合同由双方签署。违约金比例是 0.5%。其他条款与去年相同。';
    const { text, restored } = putBackFacts(original, '双方签署了合同，条款与去年相同。');
    expect(restored).toEqual(['0.5%']);
    expect(text).toBe(
      `双方签署了合同，条款与去年相同。\n\n${PUT_BACK_HEADING}\n- 违约金比例是 0.5%。`,
    );
  });

  it('changes nothing when the summary kept every fact, spaces aside', () => {
    const original = 'Globex pays $300 by 2025-01-31; the penalty is 0.5%.';
    const summary = 'Globex owes $300 (due 2025-01-31), penalty 0.5 %.';
    expect(putBackFacts(original, summary)).toEqual({ text: summary, restored: [], leftOut: 0 });
  });

  it('puts back a sentence holding several lost facts once', () => {
    const original =
      'Intro text here. Delivery of 40 kg to Vladivostok costs €1,900 and takes 12 days. The end.';
    const { text, restored } = putBackFacts(original, 'There was a delivery.');
    expect(restored).toEqual(['40 kg', 'Vladivostok', '€1,900', '12 days']);
    expect(text.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- Delivery of 40 kg to Vladivostok costs €1,900 and takes 12 days.',
    ]);
  });

  it('finds what is lost in Russian text', () => {
    const original = 'Срок поставки 45 дней. Оплата 1 200 000 руб. до 1 апреля 2025 года.';
    expect(
      missingFacts(extractFacts(original), 'Поставка за 45 дней, оплата 1 200 000 руб.').map(
        (fact) => fact.text,
      ),
    ).toEqual(['1 апреля 2025 года']);
  });
});

/** The sentences put back under the heading. */
const putBackLines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

describe('putBackFacts within a budget', () => {
  it('keeps amounts and dates over names when not all sentences fit, and counts the rest (English)', () => {
    const names = Array.from(
      { length: 30 },
      (_, index) =>
        `Then the team met ${['Alice Moreau', 'Boris Lind', 'Chen Wei'][index % 3]} ${index}x.`,
    ).join(' ');
    const original = `${names} The fee is $4,250 per month. The contract ends on 2027-03-31.`;
    const summary = 'The team held meetings and agreed on a contract.';
    const unbounded = putBackFacts(original, summary);
    const budget = estimateTokens(summary) + 40;
    const bounded = putBackFacts(original, summary, [], budget);

    expect(estimateTokens(unbounded.text)).toBeGreaterThan(budget);
    expect(estimateTokens(bounded.text)).toBeLessThanOrEqual(budget);
    // The figures go back first; what room is left takes as many names as fit.
    expect(bounded.restored).toEqual(expect.arrayContaining(['$4,250', '2027-03-31']));
    expect(putBackLines(bounded.text)).toEqual(
      expect.arrayContaining([
        '- The fee is $4,250 per month.',
        '- The contract ends on 2027-03-31.',
      ]),
    );
    expect(bounded.restored.length + bounded.leftOut).toBe(unbounded.restored.length);
    expect(bounded.leftOut).toBeGreaterThan(0);
  });

  it('puts the Keep verbatim kinds back first (Chinese)', () => {
    const filler = Array.from(
      { length: 40 },
      (_, index) => `第${index + 1}页共有${index + 10}个条款。`,
    ).join('');
    const original = `${filler}合同编号为 HT-2024-0113。违约金比例是 0.5%。`;
    const summary = '合同条款很多。';
    const bounded = putBackFacts(
      original,
      summary,
      [/HT-\d{4}-\d{4}/gu],
      estimateTokens(summary) + 40,
    );

    expect(estimateTokens(bounded.text)).toBeLessThanOrEqual(estimateTokens(summary) + 40);
    // The contract number and the rate go back before any page count, though they come last.
    expect(putBackLines(bounded.text)).toEqual(
      expect.arrayContaining(['- 合同编号为 HT-2024-0113。', '- 违约金比例是 0.5%。']),
    );
    expect(bounded.restored).toEqual(expect.arrayContaining(['HT-2024-0113', '0.5%']));
    expect(bounded.leftOut).toBeGreaterThan(0);
    expect(bounded.restored.length + bounded.leftOut).toBe(
      putBackFacts(original, summary, [/HT-\d{4}-\d{4}/gu]).restored.length,
    );
  });

  it('cuts a summary that takes the whole room, so facts still get a quarter of it (Russian)', () => {
    const original = 'Поставка стоит 1 200 000 руб. Срок оплаты 1 апреля 2025 года.';
    const summary = 'Стороны долго обсуждали поставку и условия. '.repeat(40);
    const budget = 120;
    const bounded = putBackFacts(original, summary, [], budget);

    expect(estimateTokens(bounded.text)).toBeLessThanOrEqual(budget);
    expect(bounded.text.startsWith('Стороны долго обсуждали поставку и условия.')).toBe(true);
    expect(putBackLines(bounded.text)).toEqual([
      '- Поставка стоит 1 200 000 руб. Срок оплаты 1 апреля 2025 года.',
    ]);
    expect(bounded).toMatchObject({
      restored: ['1 200 000 руб.', '1 апреля 2025 года'],
      leftOut: 0,
    });
  });

  it('leaves a summary that fits, with nothing lost, as it is', () => {
    const summary = 'Globex owes $300.';
    expect(putBackFacts('Globex owes $300.', summary, [], 1000)).toEqual({
      text: summary,
      restored: [],
      leftOut: 0,
    });
  });
});
