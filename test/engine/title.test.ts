import { describe, expect, test } from 'vitest';
import { cleanTitle, titleHead } from '../../bridge/src/engine/title.js';

describe('cleanTitle', () => {
  test.each([
    { title: 'Boot loader – My Site', clean: 'Boot loader' },
    { title: 'Boot loader | My Site', clean: 'Boot loader' },
    { title: 'Boot loader - My Site', clean: 'Boot loader' },
    { title: 'Boot loader :: Docs', clean: 'Boot loader' },
    { title: 'Chapter 3. The system initialization', clean: 'The system initialization' },
    { title: '3.2.1. Network setup', clean: 'Network setup' },
    { title: 'Appendix A. Glossary', clean: 'Glossary' },
    { title: 'apt-get explained', clean: 'apt-get explained' },
    { title: 'git-commit(1)', clean: 'git-commit' },
    { title: 'printf(3p) – Manual', clean: 'printf' },
    { title: '  spaced   title  ', clean: 'spaced title' },
    { title: '| Site', clean: '| Site' },
  ])('when the title is "$title", then the clean title is "$clean"', ({ title, clean }) => {
    expect(cleanTitle(title)).toBe(clean);
  });
});

describe('titleHead', () => {
  test.each([
    { title: 'APT: the package tool', head: 'APT' },
    { title: 'GRUB (boot loader)', head: 'GRUB' },
    { title: 'Networking — a guide', head: 'Networking' },
    { title: 'Plain title', head: null },
  ])('when the title is "$title", then the head is $head', ({ title, head }) => {
    expect(titleHead(title)).toBe(head);
  });
});
