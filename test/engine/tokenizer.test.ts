import { describe, expect, test } from 'vitest';
import { isContentWord, MAX_DISTINCT_WORDS, tokenize, tokenizeWithWords, wordTable } from '../../bridge/src/engine/tokenizer.js';
import { syntheticPage } from '../../bench/speed/synthetic-site.js';

describe('tokenize', () => {
  test.each([
    { text: 'Install the APT tool.', words: ['install', 'the', 'apt', 'tool'] },
    { text: 'apt-get and dpkg', words: ['apt', 'get', 'and', 'dpkg'] },
    { text: 'the editor’s choice', words: ['the', "editor's", 'choice'] },
    { text: 'Größe und Übersicht', words: ['größe', 'und', 'übersicht'] },
    { text: 'IPv6 in 2024', words: ['ipv6', 'in', '2024'] },
    { text: 'İstanbul Guide', words: ['i̇stanbul', 'guide'] },
    { text: '  …  ', words: [] },
  ])('when the text is "$text", then the words are $words', ({ text, words }) => {
    expect(tokenize(text).words).toEqual(words);
  });

  test('when tokens are found, then their offsets slice the original text', () => {
    const text = 'Read «the APT manual» first';
    const tokens = tokenize(text);
    const sliced = Array.from({ length: tokens.count }, (_, i) => text.slice(tokens.starts[i], tokens.ends[i]));
    expect(sliced).toEqual(['Read', 'the', 'APT', 'manual', 'first']);
  });

  test.each([
    { text: 'boot loader', joined: [0, 1] },
    { text: 'boot-loader', joined: [0, 1] },
    { text: 'boot  loader', joined: [0, 0] },
    { text: 'boot, loader', joined: [0, 0] },
    { text: 'boot\nloader', joined: [0, 0] },
    { text: 'TCP/IP stack', joined: [0, 1, 1] },
    { text: 'os.path and sys_path', joined: [0, 1, 1, 1, 1] },
    { text: 'The end. Next', joined: [0, 1, 0] },
  ])('when the gap in "$text" is checked, then joined is $joined', ({ text, joined }) => {
    expect(Array.from(tokenize(text).joined)).toEqual(joined);
  });
});

describe('isContentWord', () => {
  test.each([
    { word: 'kernel', expected: true },
    { word: 'the', expected: false },
    { word: '2024', expected: false },
    { word: 'x', expected: false },
    { word: 'ipv6', expected: true },
  ])('when the word is "$word", then it is a content word: $expected', ({ word, expected }) => {
    expect(isContentWord(word)).toBe(expected);
  });
});

describe('tokenizeWithWords', () => {
  /** Distinct made-up words: "w" and a number in base 26 spelled with letters. */
  const madeUp = (n: number): string => `w${n.toString(26).replace(/[0-9]/g, (d) => String.fromCharCode(113 + Number(d)))}`;
  test.each([
    ['prose with repeated words', 'The boot loader boots. Boot, loader — the BOOT loader!'],
    ['typographic apostrophes, alone and beside plain ones', 'The editor’s notes and the editor\'s notes; editor’s again, o’clock’s.'],
    ['a plain apostrophe first, then a typographic one', "o'clock and O’CLOCK, editor's then Editor’s"],
    ['upper and mixed case, digits, underscores and dots', 'HTTP2 http2 Http2 os.path OS.PATH sys_path SYS_PATH 1984 x86_64 X86_64 ZZ zz'],
    ['two words of one length with the same 32-bit hash', 'yaczfaa glbppaa yaczfaa GLBPPAA glbppaa'],
    ['a letter that grows when lower-cased (offsets move)', 'İstanbul and istanbul, İSTANBUL; the İ alone.'],
    ['letters outside the BMP and other scripts', '𝒜lpha 𝒜lpha βeta Çà et là, naïve café’s crème brûlée 東京 東京'],
    ['a word longer than MAX_WORD_LENGTH between short ones', `short ${'x'.repeat(200)} short ${'y'.repeat(128)} y`],
    ['hash collisions of short words', Array.from({ length: 3000 }, (_, i) => madeUp(i % 1500)).join(' ')],
    ['a synthetic page of the speed benchmark', syntheticPage(17, 1000).content.replace(/<[^>]+>/g, ' ')],
    ['more distinct words than MAX_DISTINCT_WORDS', Array.from({ length: MAX_DISTINCT_WORDS + 50 }, (_, i) => madeUp(i)).join(' ') + ' w wq ' + madeUp(MAX_DISTINCT_WORDS + 10)],
  ])('when a text holds %s, then its tokens and word table are those of tokenize and wordTable', (_, text) => {
    const expectedTokens = tokenize(text);
    const expectedWords = wordTable(expectedTokens);
    const { tokens, words } = tokenizeWithWords(text);
    expect(tokens.count).toBe(expectedTokens.count);
    expect(tokens.words).toEqual(expectedTokens.words);
    expect(Array.from(tokens.starts)).toEqual(Array.from(expectedTokens.starts));
    expect(Array.from(tokens.ends)).toEqual(Array.from(expectedTokens.ends));
    expect(Array.from(tokens.joined)).toEqual(Array.from(expectedTokens.joined));
    expect(words.distinct).toEqual(expectedWords.distinct);
    expect(Array.from(words.wordOf)).toEqual(Array.from(expectedWords.wordOf));
  });
});
