// The rules prose reader (src/ui/prose.ts): headings, paragraphs, lists and inline marks; markup
// is text, never HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../tools/load-ts.mjs';

const { parseProse, parseSpans } = await load('src/ui/prose.ts');

test('headings, paragraphs joined over lines, lists with indented continuations', () => {
  const blocks = parseProse('## The game\n\nOne line\nand the next.\n\n### Chef\n\n- first\n  goes on\n- second\n1. one\n2. two\n\nAfter.');
  assert.deepEqual(blocks.map(b => b.kind), ['heading', 'paragraph', 'heading', 'list', 'list', 'paragraph']);
  assert.deepEqual([blocks[0].level, blocks[0].text], [2, 'The game']);
  assert.deepEqual(blocks[1].spans, [{ kind: 'text', text: 'One line and the next.' }]);
  assert.equal(blocks[2].text, 'Chef');
  assert.deepEqual(blocks[3].items, [[{ kind: 'text', text: 'first goes on' }], [{ kind: 'text', text: 'second' }]]);
  assert.equal(blocks[4].ordered, true);
  assert.equal(blocks[4].items.length, 2);
});

test('bold, italic and code; unclosed marks and stars inside code stay text', () => {
  assert.deepEqual(parseSpans('a **b** *c* `d*e*`'), [
    { kind: 'text', text: 'a ' }, { kind: 'bold', text: 'b' }, { kind: 'text', text: ' ' },
    { kind: 'italic', text: 'c' }, { kind: 'text', text: ' ' }, { kind: 'code', text: 'd*e*' },
  ]);
  assert.deepEqual(parseSpans('2 * 3 and **open'), [{ kind: 'text', text: '2 * 3 and **open' }]);
  assert.deepEqual(parseSpans('*(original)*: x'), [{ kind: 'italic', text: '(original)' }, { kind: 'text', text: ': x' }]);
});

test('HTML in the text is text', () => {
  const blocks = parseProse('<img src=x onerror=alert(1)> **<b>bold</b>**');
  assert.deepEqual(blocks[0].spans, [{ kind: 'text', text: '<img src=x onerror=alert(1)> ' }, { kind: 'bold', text: '<b>bold</b>' }]);
});

test('Windows line ends and tabs', () => {
  const blocks = parseProse('# Title\r\n\r\n-\tan item\r\n\tgoes on\r\n');
  assert.deepEqual(blocks.map(b => b.kind), ['heading', 'list']);
  assert.deepEqual(blocks[1].items, [[{ kind: 'text', text: 'an item goes on' }]]);
});
