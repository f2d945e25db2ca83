import { describe, expect, it } from 'vitest';
import { analyzePage } from '../../bridge/src/engine/page-analysis.js';
import { StemDecoder, StemEncoder } from '../../bridge/src/pages/stem-lexicon.js';

const analysis = (html: string) => analyzePage({ url: 'https://site.test/a', title: 'Kernel modules', html });

describe('stems sent as numbers between threads', () => {
  it('when analyses are encoded and decoded, then they are the analyses given, stems in order', () => {
    const encoder = new StemEncoder();
    const decoder = new StemDecoder();
    const first = [analysis('<p>Loading kernel modules at boot</p>'), analysis('<p>Modules and drivers</p>')];
    const second = [analysis('<p>Drivers load when the kernel boots</p>')];
    expect(decoder.decode(encoder.encode(first))).toEqual(first);
    expect(decoder.decode(encoder.encode(second))).toEqual(second);
  });

  it('when a stem comes again in a later reply, then it is sent as a number only and decodes to the same string', () => {
    const encoder = new StemEncoder();
    const decoder = new StemDecoder();
    const before = decoder.decode(encoder.encode([analysis('<p>kernel</p>')]));
    const encoded = encoder.encode([analysis('<p>kernel</p>')]);
    expect(encoded.newStems).toEqual([]);
    expect(encoded.analyses[0]!.stems).toEqual([]);
    expect(decoder.decode(encoded)[0]!.stems).toEqual(before[0]!.stems);
  });

  it('when the numbering outgrows its limit, then it restarts between replies and still decodes every page', () => {
    const encoder = new StemEncoder(4);
    const decoder = new StemDecoder();
    const first = [analysis('<p>alpha beta gamma</p>')];
    const second = [analysis('<p>delta epsilon</p>'), analysis('<p>alpha zeta</p>')];
    expect(decoder.decode(encoder.encode(first))).toEqual(first);
    const encoded = encoder.encode(second);
    expect(encoded.restarted).toBe(true);
    expect(decoder.decode(encoded)).toEqual(second);
  });
});
