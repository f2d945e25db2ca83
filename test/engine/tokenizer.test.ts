import { describe, expect, test } from 'vitest';
import { isContentWord, tokenize } from '../../bridge/src/engine/tokenizer.js';

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
