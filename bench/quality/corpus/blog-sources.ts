/**
 * The blogs of the benchmark: real blogs whose sources (markdown with front matter) are public, each pinned to a
 * commit, rendered as its generator and configuration render it (permalinks as in the site's config at that commit).
 * `golang/website`, `rust-lang/blog.rust-lang.org`, `v8/v8.dev` and `ember-learn/ember-blog` are kept apart for
 * independent evaluation and are never used here.
 */
import { eleventyPosts } from './eleventy-blog.js';
import { gatsbyPosts } from './gatsby-blog.js';
import { hugoPosts } from './hugo-blog.js';
import { jekyllPosts } from './jekyll-blog.js';
import type { BlogCorpusSource } from './types.js';

const domainOf = (id: string): string => `https://${id}-blog.example.test/`;

/** The files of one section, for a blog whose sections have their own permalinks. */
const inFolder = (files: ReadonlyMap<string, string>, folder: string): Map<string, string> =>
  new Map([...files].filter(([file]) => file.startsWith(folder)));

export const BLOG_SOURCES: readonly BlogCorpusSource[] = [
  {
    id: '18f',
    kind: 'blog',
    repo: '18F/18f.gsa.gov',
    commit: '0a55c75e6d9bc71c80136a3867dac52356177443',
    generator: 'Eleventy',
    blogKind: 'engineering (government digital service)',
    licence: 'CC0 1.0 (US public domain)',
    dirs: ['content/posts'],
    domain: domainOf('18f'),
    realBase: 'https://18f.gsa.gov/',
    // content/posts/posts.11tydata.js
    posts: (files) => eleventyPosts(files, { permalink: '/:year/:month/:day/:fileSlug/' }),
  },
  {
    id: 'flink',
    kind: 'blog',
    repo: 'apache/flink-web',
    commit: 'aa5b0b18dc0ae74cd3f97bca518fc46124e1927a',
    generator: 'Hugo',
    blogKind: 'project engineering and releases',
    licence: 'Apache-2.0',
    dirs: ['docs/content/posts'],
    domain: domainOf('flink'),
    realBase: 'https://flink.apache.org/',
    // docs/config.toml: [permalinks] posts = "/:year/:month/:day/:title/"
    posts: (files) =>
      hugoPosts(files, {
        permalink: '/:year/:month/:day/:title/',
        section: 'posts',
        // docs/config.toml: [params] DocsBaseUrl
        shortcodes: { param: ([name]) => (name === 'DocsBaseUrl' ? '//nightlies.apache.org/flink/' : '') },
      }),
  },
  {
    id: 'babysteps',
    kind: 'blog',
    repo: 'nikomatsakis/babysteps',
    commit: 'ee39db1b5c8e85e958a618db1255a1c5956d0989',
    generator: 'Hugo',
    blogKind: 'personal essays (programming languages)',
    licence: 'none stated',
    dirs: ['content/blog'],
    domain: domainOf('babysteps'),
    realBase: 'https://smallcultfollowing.com/babysteps/',
    // config.toml: [permalinks] blog = '/blog/:year/:month/:day/:slug/', [frontmatter] date = [':filename']
    posts: (files) =>
      hugoPosts(files, {
        permalink: '/blog/:year/:month/:day/:slug/',
        section: 'blog',
        dateFromFileName: true,
        shortcodes: { baseurl: () => 'https://smallcultfollowing.com/babysteps/' },
      }),
  },
  {
    id: 'letsencrypt',
    kind: 'blog',
    repo: 'letsencrypt/website',
    commit: 'b89871ef735cbb447f8d72c86146fcc8e62fc4ab',
    generator: 'Hugo',
    blogKind: 'project news (a certificate authority)',
    licence: 'MPL-2.0',
    dirs: ['content/en/post'],
    domain: domainOf('letsencrypt'),
    realBase: 'https://letsencrypt.org/',
    // config/_default/hugo.toml: [permalinks] post = "/:year/:month/:day/:slug/", [uglyURLs] post = true
    posts: (files) => hugoPosts(files, { permalink: '/:year/:month/:day/:slug/', section: 'post', uglyUrls: true }),
  },
  {
    id: 'ropensci',
    kind: 'blog',
    repo: 'ropensci/roweb3',
    commit: 'd84b7eb675f82b6282411055374bd1a7c16b4b5a',
    generator: 'Hugo',
    blogKind: 'community and research software engineering',
    licence: 'none stated in the repository',
    dirs: ['content/blog', 'content/technotes'],
    domain: domainOf('ropensci'),
    realBase: 'https://ropensci.org/',
    // config.toml: [permalinks] blog = "/blog/:year/:month/:day/:slug/", technotes = "/technotes/:year/:month/:day/:slug/"
    posts: (files) => [
      ...hugoPosts(inFolder(files, 'content/blog/'), { permalink: '/blog/:year/:month/:day/:slug/', section: 'blog' }),
      ...hugoPosts(inFolder(files, 'content/technotes/'), { permalink: '/technotes/:year/:month/:day/:slug/', section: 'technotes' }),
    ],
  },
  {
    id: 'perlcom',
    kind: 'blog',
    repo: 'tpf/perldotcom',
    commit: '1df79ae31f6db938a5d9dcbd18901ba372387bd1',
    generator: 'Hugo',
    blogKind: 'magazine (Perl.com)',
    licence: 'none stated',
    dirs: ['content/article'],
    domain: domainOf('perlcom'),
    realBase: 'https://www.perl.com/',
    otherHosts: ['perl.com'],
    // config.toml: no permalink for articles (Hugo's default /article/<slug or file name>/); layouts/shortcodes/*.html
    posts: (files) =>
      hugoPosts(files, {
        permalink: '/:section/:slug/',
        section: 'article',
        shortcodes: {
          mcpan: ([name]) => `https://metacpan.org/pod/${name ?? ''}`,
          perldoc: ([name]) => `https://perldoc.perl.org/${name ?? ''}`,
          perlfunc: ([name]) => `https://perldoc.perl.org/functions/${name ?? ''}`,
        },
      }),
  },
  {
    id: 'tidyverse',
    kind: 'blog',
    repo: 'tidyverse/tidyverse.org',
    commit: '629770ba56de41795a54cc2b7bacdf0118d34651',
    generator: 'Hugo (R Markdown rendered to markdown)',
    blogKind: 'project news (R packages)',
    licence: 'CC BY-SA 4.0',
    dirs: ['content/blog'],
    domain: domainOf('tidyverse'),
    realBase: 'https://www.tidyverse.org/',
    // config.toml: [permalinks] blog = "blog/:year/:month/:slug/"
    posts: (files) => hugoPosts(files, { permalink: '/blog/:year/:month/:slug/', section: 'blog' }),
  },
  {
    id: 'ruby',
    kind: 'blog',
    repo: 'ruby/www.ruby-lang.org',
    commit: '76ac65935704caaa1e543cfc8aff0bd6212e4768',
    generator: 'Jekyll',
    blogKind: 'project news (releases, security)',
    licence: 'none stated',
    dirs: ['en/news/_posts'],
    domain: domainOf('ruby'),
    realBase: 'https://www.ruby-lang.org/',
    // _config.yml: permalink: pretty
    posts: (files) => jekyllPosts(files, { permalink: 'pretty', siteUrl: 'https://www.ruby-lang.org' }),
  },
  {
    id: 'scala',
    kind: 'blog',
    repo: 'scala/scala-lang',
    commit: '1da5b07e44234be3c93685234e2ffa8eea2816ac',
    generator: 'Jekyll',
    blogKind: 'project blog and release news',
    licence: 'none stated for the content',
    dirs: ['_posts', 'blog/_posts'],
    domain: domainOf('scala'),
    realBase: 'https://www.scala-lang.org/',
    otherHosts: ['scala-lang.org'],
    // _config.yml sets no permalink: Jekyll's default `date` style.
    posts: (files) => jekyllPosts(files, { permalink: 'date', siteUrl: 'https://www.scala-lang.org' }),
  },
  {
    id: 'react',
    kind: 'blog',
    repo: 'reactjs/reactjs.org',
    commit: '54a331d7eff285b87b6865b3ad65a5fea1a86547',
    generator: 'Gatsby',
    blogKind: 'project blog (releases, essays)',
    licence: 'CC BY 4.0',
    dirs: ['content/blog'],
    domain: domainOf('react'),
    realBase: 'https://reactjs.org/',
    // gatsby/onCreateNode.js: blog posts at /blog/YYYY/MM/DD/slug.html
    posts: (files) => gatsbyPosts(files, { permalink: '/blog/:year/:month/:day/:slug.html' }),
  },
];
