import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBlogCorpus } from '../../bench/quality/corpus/blog-corpus.js';
import { parseFrontMatter, parseWrittenDate } from '../../bench/quality/corpus/blog-front-matter.js';
import { buildBlogPages, type BlogPost } from '../../bench/quality/corpus/blog-markdown.js';
import { BLOG_SOURCES } from '../../bench/quality/corpus/blog-sources.js';
import { eleventyPosts } from '../../bench/quality/corpus/eleventy-blog.js';
import { gatsbyPosts } from '../../bench/quality/corpus/gatsby-blog.js';
import { hugoPosts } from '../../bench/quality/corpus/hugo-blog.js';
import { jekyllPosts } from '../../bench/quality/corpus/jekyll-blog.js';
import { selectCorpusSources } from '../../bench/quality/corpus/sources.js';
import type { BlogCorpusSource, CorpusPage } from '../../bench/quality/corpus/types.js';

const DOMAIN = 'https://fixture-blog.example.test/';
const files = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));
const pageAt = (pages: readonly CorpusPage[], url: string): CorpusPage => {
  const page = pages.find((p) => p.url === url);
  if (!page) throw new Error(`no page at ${url}; pages: ${pages.map((p) => p.url).join(', ')}`);
  return page;
};
const targets = (page: CorpusPage): string[] => page.links.map((link) => link.targetUrl);

describe('front matter and dates', () => {
  it('reads YAML dates as written, with their zone, and JSON front matter after blank lines', () => {
    expect(parseWrittenDate('2014-03-21T12:00:00-04:00')).toEqual({ year: '2014', month: '03', day: '21', iso: '2014-03-21T16:00:00.000Z' });
    expect(parseWrittenDate('2010-01-01 23:30:00 +0000')?.iso).toBe('2010-01-01T23:30:00.000Z');
    expect(parseWrittenDate('2013-3-8')).toMatchObject({ month: '03', day: '08', iso: '2013-03-08T00:00:00.000Z' });
    expect(parseWrittenDate('yesterday')).toBeNull();
    const json = parseFrontMatter('\n  {\n "title": "A {braced} title",\n "date": "2018-01-01T09:28:27" }\n\nBody text.', 'a.md');
    expect(json.data).toEqual({ title: 'A {braced} title', date: '2018-01-01T09:28:27' });
    expect(json.body.trim()).toBe('Body text.');
    // Timestamps stay strings (the permalink's date is the one written), booleans are booleans.
    expect(parseFrontMatter('---\ndate: 2011-12-03T08:50:00Z\ndraft: true\n---\nx', 'b.md').data).toEqual({ date: '2011-12-03T08:50:00Z', draft: true });
  });
});

describe('Jekyll blog', () => {
  const posts = jekyllPosts(
    files({
      'en/news/_posts/2019-10-01-ruby-2-6-5-released.md':
        '---\nlayout: news_post\ntitle: "Ruby 2.6.5 Released"\ndate: 2019-10-01 11:00:00 +0000\n---\n' +
        'This release fixes [CVE-2019-16255]({% link en/news/_posts/2019-10-01-code-injection.md %}).\n' +
        'See also [the previous release]({% post_url 2019-04-17-ruby-2-6-3-released %}) and ' +
        '[the 2.6.3 notes](https://www.ruby-lang.org/en/news/2019/04/17/ruby-2-6-3-released/).\n\n' +
        '{% highlight ruby %}\nputs "{{ not liquid output }}"\n{% endhighlight %}\n\n## Download {#download}\n{: .note}\n',
      'en/news/_posts/2019-10-01-code-injection.md': '---\ntitle: "CVE-2019-16255: A code injection vulnerability"\n---\nRead [the release]({{ site.url }}/en/news/2019/10/01/ruby-2-6-5-released/).\n',
      'en/news/_posts/2019-04-17-ruby-2-6-3-released.md': '---\ntitle: Ruby 2.6.3 Released\ncategory: release\nredirect_from: /old/263.html\n---\nBack to [a draft](/en/news/2020/01/01/a-draft/).\n',
      'en/news/_posts/2020-01-01-a-draft.md': '---\ntitle: A draft\npublished: false\n---\nNot on the site.\n',
      'en/news/_posts/notes.md': '---\ntitle: Not a post\n---\nNo date in the name.\n',
    }),
    { permalink: 'pretty', siteUrl: 'https://www.ruby-lang.org' },
  );
  const pages = buildBlogPages(posts, { realBase: 'https://www.ruby-lang.org/', domain: DOMAIN });

  it('keeps dated, published posts at the configured permalink with their categories', () => {
    expect(pages.map((p) => p.url)).toEqual([
      `${DOMAIN}en/news/2019/10/01/code-injection/`,
      `${DOMAIN}en/news/2019/10/01/ruby-2-6-5-released/`,
      `${DOMAIN}en/news/release/2019/04/17/ruby-2-6-3-released/`,
    ]);
    expect(pageAt(pages, `${DOMAIN}en/news/2019/10/01/ruby-2-6-5-released/`)).toMatchObject({ title: 'Ruby 2.6.5 Released', publishedAt: '2019-10-01T11:00:00.000Z' });
    // No date in the front matter: the file name's, at midnight UTC.
    expect(pageAt(pages, `${DOMAIN}en/news/2019/10/01/code-injection/`).publishedAt).toBe('2019-10-01T00:00:00.000Z');
  });

  it('resolves {% link %}, {% post_url %}, {{ site.url }} and an old permalink of the same slug to the posts', () => {
    const release = pageAt(pages, `${DOMAIN}en/news/2019/10/01/ruby-2-6-5-released/`);
    expect(targets(release)).toEqual([
      `${DOMAIN}en/news/2019/10/01/code-injection/`,
      `${DOMAIN}en/news/release/2019/04/17/ruby-2-6-3-released/`,
      `${DOMAIN}en/news/release/2019/04/17/ruby-2-6-3-released/`,
    ]);
    expect(release.links.map((l) => l.anchorText)).toEqual(['CVE-2019-16255', 'the previous release', 'the 2.6.3 notes']);
    expect(targets(pageAt(pages, `${DOMAIN}en/news/2019/10/01/code-injection/`))).toEqual([release.url]);
    // A link to an unpublished post is not truth: the page is not on the site.
    expect(pageAt(pages, `${DOMAIN}en/news/release/2019/04/17/ruby-2-6-3-released/`).links).toEqual([]);
  });

  it('keeps what a raw block holds as written', () => {
    const [post] = jekyllPosts(files({ '_posts/2020-01-01-templates.md': '---\ntitle: Templates\n---\n{% raw %}`{{ user.name }}` and `{% if x %}`{% endraw %} {{ gone }}\n' }), {
      permalink: 'date',
      siteUrl: 'https://example.org',
    });
    expect(post?.markdown).toBe('`{{ user.name }}` and `{% if x %}` \n');
  });

  it('renders highlight blocks as code and drops Liquid output and kramdown attributes', () => {
    const html = pageAt(pages, `${DOMAIN}en/news/2019/10/01/ruby-2-6-5-released/`).content;
    // Jekyll renders Liquid inside highlight blocks too: the undefined output prints nothing.
    expect(html).toContain('<pre><code class="language-ruby">puts &quot;&quot;\n</code></pre>');
    expect(html).not.toMatch(/\{\{|\{%|\{#download\}|\{: \.note\}/);
    expect(html).toContain('<h2>Download</h2>');
  });
});

describe('Hugo blog', () => {
  const shortcodes = { baseurl: () => 'https://example.org/steps/', mcpan: ([name]: string[]) => `https://metacpan.org/pod/${name ?? ''}` };
  const posts = hugoPosts(
    files({
      'content/blog/2021-05-01-async-vision.markdown':
        '---\ntitle: "Async vision"\ndate: 2021-05-03T10:00:00Z\n---\n' +
        'As I wrote in [my last post]({{< ref "2021-04-20-dyn-traits.md" >}}), and [earlier](http://example.org/steps/blog/2020/12/18/looking-back/#comments), ' +
        'see [Moose]({{< mcpan "Moose" >}}) and [the archive]({{< baseurl >}}blog/).\n\n' +
        '{{< highlight rust >}}\nfn main() {}\n{{< /highlight >}}\n\n{{< note >}}Kept **inner** text.{{< /note >}}\n{{< tweet 123 >}}\n',
      'content/blog/2021-04-20-dyn-traits.md': '---\ntitle: "Dyn traits"\nslug: dyn-async-traits\naliases: [/blog/dyn/]\n---\nBody, back to [the vision](2021-05-01-async-vision.markdown).\n',
      'content/blog/2020-12-18-looking-back/index.md': '---\ntitle: Looking back\n---\nSee the [old alias](/steps/blog/dyn/).\n',
      'content/blog/2020-12-18-looking-back/index.es.md': '---\ntitle: Mirando atrás\n---\nUna traducción.\n',
      'content/blog/2020-12-18-looking-back/data.md': 'A resource of the bundle, not a page.\n',
      'content/blog/_index.md': '---\ntitle: Blog\n---\n',
    }),
    { permalink: '/blog/:year/:month/:day/:slug/', section: 'blog', dateFromFileName: true, shortcodes },
  );
  const pages = buildBlogPages(posts, { realBase: 'https://example.org/steps/', domain: DOMAIN });

  it('makes a page per post and per leaf bundle, dated by the file name when the site says so, slugged by the front matter', () => {
    expect(pages.map((p) => p.url)).toEqual([
      `${DOMAIN}blog/2020/12/18/looking-back/`,
      `${DOMAIN}blog/2021/04/20/dyn-async-traits/`,
      `${DOMAIN}blog/2021/05/01/async-vision/`,
    ]);
    expect(pageAt(pages, `${DOMAIN}blog/2021/05/01/async-vision/`).publishedAt).toBe('2021-05-01T00:00:00.000Z');
  });

  it('resolves ref shortcodes, relative markdown files, full URLs under the base path and aliases', () => {
    expect(targets(pageAt(pages, `${DOMAIN}blog/2021/05/01/async-vision/`))).toEqual([`${DOMAIN}blog/2021/04/20/dyn-async-traits/`, `${DOMAIN}blog/2020/12/18/looking-back/`]);
    expect(targets(pageAt(pages, `${DOMAIN}blog/2021/04/20/dyn-async-traits/`))).toEqual([`${DOMAIN}blog/2021/05/01/async-vision/`]);
    expect(targets(pageAt(pages, `${DOMAIN}blog/2020/12/18/looking-back/`))).toEqual([`${DOMAIN}blog/2021/04/20/dyn-async-traits/`]);
  });

  it("renders the site's shortcodes, highlight blocks and paired shortcodes' inner text; drops the rest", () => {
    const html = pageAt(pages, `${DOMAIN}blog/2021/05/01/async-vision/`).content;
    expect(html).toContain('<a href="https://metacpan.org/pod/Moose">Moose</a>');
    // Another page of the blog (not a post) stays on the fake domain.
    expect(html).toContain(`<a href="${DOMAIN}blog/">the archive</a>`);
    expect(html).toContain('<code class="language-rust">fn main() {}');
    expect(html).toContain('Kept <strong>inner</strong> text.');
    expect(html).not.toContain('{{');
  });

  it('builds the title permalink and ugly URLs', () => {
    const [flink] = hugoPosts(files({ 'posts/2014-09-26-release.md': '---\ndate: "2014-09-26T10:00:00Z"\ntitle: Apache Flink 0.6.1 available\n---\nx' }), {
      permalink: '/:year/:month/:day/:title/',
      section: 'posts',
    });
    expect(flink?.path).toBe('/2014/09/26/apache-flink-0.6.1-available/');
    const [ugly] = hugoPosts(files({ 'post/2015-10-19-trusted.md': '---\ndate: 2015-10-19T00:00:00Z\ntitle: Trusted\nslug: trusted\n---\nx' }), {
      permalink: '/:year/:month/:day/:slug/',
      section: 'post',
      uglyUrls: true,
    });
    expect(ugly?.path).toBe('/2015/10/19/trusted.html');
  });
});

describe('Eleventy blog', () => {
  const posts = eleventyPosts(
    files({
      'content/posts/2014-07-31-working-in-public.md': "---\ntitle: Working in public\ndate: '2014-07-31T22:30:00-04:00'\n---\nWe [build in the open]({{ \"/2014/03/19/hello-world/\" | url }}). {% image \"x.png\" %}{{ page.title }}\n",
      'content/posts/2014-03-19-hello-world.md': "---\ntitle: Hello world\ndate: '2014-03-19T09:00:00-04:00'\n---\nOur [first week](https://18f.gsa.gov/2014/08/01/working-in-public/).\n",
    }),
    { permalink: '/:year/:month/:day/:fileSlug/' },
  );
  const pages = buildBlogPages(posts, { realBase: 'https://18f.gsa.gov/', domain: DOMAIN });

  it('dates the permalink in UTC, as toDatePath does, and renders the url filter', () => {
    expect(pages.map((p) => p.url)).toEqual([`${DOMAIN}2014/03/19/hello-world/`, `${DOMAIN}2014/08/01/working-in-public/`]);
    expect(pageAt(pages, `${DOMAIN}2014/08/01/working-in-public/`)).toMatchObject({ publishedAt: '2014-08-01T02:30:00.000Z', title: 'Working in public' });
    const working = pageAt(pages, `${DOMAIN}2014/08/01/working-in-public/`);
    expect(targets(working)).toEqual([`${DOMAIN}2014/03/19/hello-world/`]);
    expect(working.content).not.toMatch(/\{\{|\{%/);
    expect(targets(pageAt(pages, `${DOMAIN}2014/03/19/hello-world/`))).toEqual([working.url]);
  });
});

describe('Gatsby blog', () => {
  it('places posts by their file name and takes custom heading ids off the text', () => {
    const posts = gatsbyPosts(
      files({
        'content/blog/2017-09-26-react-v16.0.md': '---\ntitle: React v16.0\n---\nSee [why we built it](/blog/2013/06/05/why-react.html#intro).\n\n## New features {#new-features}\n',
        'content/blog/2013-06-05-why-react.md': '---\ntitle: Why did we build React?\n---\nText.\n',
        'content/blog/README.md': 'Not a post.\n',
      }),
      { permalink: '/blog/:year/:month/:day/:slug.html' },
    );
    const pages = buildBlogPages(posts, { realBase: 'https://reactjs.org/', domain: DOMAIN });
    expect(pages.map((p) => p.url)).toEqual([`${DOMAIN}blog/2013/06/05/why-react.html`, `${DOMAIN}blog/2017/09/26/react-v16.0.html`]);
    const v16 = pageAt(pages, `${DOMAIN}blog/2017/09/26/react-v16.0.html`);
    expect(v16.links).toEqual([{ targetUrl: `${DOMAIN}blog/2013/06/05/why-react.html`, anchorText: 'why we built it', inCode: false }]);
    expect(v16.content).toContain(`href="${DOMAIN}blog/2013/06/05/why-react.html#intro"`);
    expect(v16.content).toContain('<h2>New features</h2>');
    expect(v16.publishedAt).toBe('2017-09-26T00:00:00.000Z');
  });
});

describe('shared rendering', () => {
  it('refuses two posts at one address rather than merging them', () => {
    const post = (file: string): BlogPost => ({ file, title: file, publishedAt: '2020-01-01T00:00:00.000Z', path: '/2020/01/01/same/', aliases: [], markdown: 'x' });
    expect(() => buildBlogPages([post('a.md'), post('b.md')], { realBase: 'https://example.org/', domain: DOMAIN })).toThrow(/two posts at/);
  });
});

describe('blog sources', () => {
  const tempDirs: string[] = [];
  afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('builds a corpus from a local mirror at the pinned commit, not the newest one', () => {
    const mirrors = mkdtempSync(path.join(tmpdir(), 'interlinker-blog-mirrors-'));
    tempDirs.push(mirrors);
    const work = path.join(mirrors, 'someone+blog', 'repo');
    mkdirSync(path.join(work, 'posts'), { recursive: true });
    const git = (...args: string[]): string => execFileSync('git', ['-C', work, ...args], { encoding: 'utf8' }).trim();
    git('init', '--quiet');
    writeFileSync(path.join(work, 'posts/2020-01-02-second.md'), '---\ntitle: Second\n---\nAfter [the first](2020-01-01-first.md).\n');
    writeFileSync(path.join(work, 'posts/2020-01-01-first.md'), '---\ntitle: First\n---\nHello.\n');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '--quiet', '-m', 'posts');
    const pinned = git('rev-parse', 'HEAD');
    writeFileSync(path.join(work, 'posts/2020-01-03-third.md'), '---\ntitle: Third\n---\nLater.\n');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '--quiet', '-m', 'later');
    const source: BlogCorpusSource = {
      id: 'fixture',
      kind: 'blog',
      repo: 'someone/blog',
      commit: pinned,
      generator: 'Gatsby',
      blogKind: 'test',
      licence: 'test',
      dirs: ['posts'],
      domain: DOMAIN,
      realBase: 'https://example.org/',
      posts: (read) => gatsbyPosts(read, { permalink: '/:year/:month/:day/:slug/' }),
    };
    const previous = process.env['INTERLINKER_BLOG_MIRRORS'];
    process.env['INTERLINKER_BLOG_MIRRORS'] = mirrors;
    try {
      const corpus = buildBlogCorpus(source, path.join(mirrors, 'cache'));
      expect(corpus).toMatchObject({ packageName: 'someone/blog', packageVersion: pinned, domain: DOMAIN });
      expect(corpus.pages.map((p) => p.title)).toEqual(['First', 'Second']);
      expect(targets(corpus.pages[1]!)).toEqual([`${DOMAIN}2020/01/01/first/`]);
    } finally {
      if (previous === undefined) delete process.env['INTERLINKER_BLOG_MIRRORS'];
      else process.env['INTERLINKER_BLOG_MIRRORS'] = previous;
    }
  });

  it('selects the blogs as a group, apart from the documentation sites, and never the sites kept for evaluation', () => {
    const blogs = selectCorpusSources('blogs');
    expect(blogs.map((s) => s.id)).toEqual(BLOG_SOURCES.map((s) => s.id));
    expect(blogs.length).toBeGreaterThanOrEqual(8);
    expect(selectCorpusSources('docs').some((s) => 'kind' in s)).toBe(false);
    expect(selectCorpusSources('blogs,git').map((s) => s.id)).toEqual(['git', ...BLOG_SOURCES.map((s) => s.id)]);
    expect(() => selectCorpusSources('golang')).toThrow(/unknown corpus/);
    for (const source of BLOG_SOURCES) {
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(['golang/website', 'rust-lang/blog.rust-lang.org', 'v8/v8.dev', 'ember-learn/ember-blog']).not.toContain(source.repo);
    }
  });
});
