import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../support/blog-site-posts.js';
import { fullSync, type PluginSite, phpString, startPluginSite } from './support/plugin-site.js';

interface WpError {
  code: string;
  data: { status: number };
}
interface BridgeSuggestion {
  id: string;
  sourcePageUrl: string;
  status: string;
}

/** Bridge calls each user without edit_others_posts may make per hour, here. */
const BUDGET = 6;

/**
 * The reviewer's attack: a user who may edit none of the posts asks to implement 100 suggestions of others' posts, again
 * and again. Bridge calls are counted by a pass-through proxy in front of the real bridge; the budget by the user's row
 * in wp_options.
 */
describe('permission is decided before the bridge is asked, and the hourly budget counts the bridge calls made', () => {
  let site: PluginSite;
  let othersIds: string[];
  let ownId: string;
  let ownPostId: number;

  const bridgeCallsSince = (before: number) => site.proxy!.seen.slice(before);
  const budgetUsed = async () => {
    const value = await site.php<string | false>(`return get_option( 'interlinker_throttle_' . get_user_by( 'login', 'author' )->ID );`);
    return value === false ? 0 : Number(String(value).split(':')[1]);
  };
  const resetBudget = () => site.php(`return delete_option( 'interlinker_throttle_' . get_user_by( 'login', 'author' )->ID );`);
  const setAuthorRole = (role: string) => site.php(`get_user_by( 'login', 'author' )->set_role( ${phpString(role)} ); return true;`);

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-budget-before-bridge',
      throughProxy: true,
      muPlugin: `add_filter( 'interlinker_user_hourly_bridge_calls', static fn() => (int) get_option( 'interlinker_test_budget', ${BUDGET} ) );
        // The deferred sync of the posts a request saved runs at its end, as for any saved post: held back where a
        // test counts the calls of the route itself.
        add_action( 'init', static function () {
          if ( get_option( 'interlinker_test_hold_sync' ) ) {
            remove_action( 'shutdown', array( Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
          }
        }, 99 );`,
    });
    const posts = BLOG_POSTS.slice(0, 42).map((post, index) => ({ ...post, author: index < 2 ? 'author' : 'admin' }));
    const created = await site.php<{ url: string; id: number }[]>(`
      $created = array();
      foreach ( json_decode( ${phpString(JSON.stringify(posts))}, true ) as $post ) {
        $id        = wp_insert_post( wp_slash( array( 'post_title' => $post['title'], 'post_name' => $post['slug'], 'post_content' => $post['content'], 'post_status' => 'publish', 'post_author' => get_user_by( 'login', $post['author'] )->ID ) ) );
        $created[] = array( 'url' => get_permalink( $id ), 'id' => $id );
      }
      return $created;`);
    const urls = Object.fromEntries(created.map(({ url }, index) => [url, posts[index]!.author]));
    ownPostId = created[0]!.id;
    await fullSync(site.admin);
    const project = await site.projectId();
    for (const url of Object.keys(urls)) {
      await site.bridgeApi(`/api/projects/${project}/suggestions`, { method: 'POST', body: { sourcePageUrl: url, limit: 10, minRelevanceScore: 0 } });
    }
    const all: BridgeSuggestion[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await site.bridgeApi<{ data: BridgeSuggestion[] }>(`/api/projects/${project}/suggestions?limit=100&offset=${offset}`);
      all.push(...page.body.data);
      if (page.body.data.length < 100) break;
    }
    othersIds = all.filter((s) => urls[s.sourcePageUrl] === 'admin' && s.status === 'pending').map((s) => s.id).slice(0, 100);
    ownId = all.find((s) => urls[s.sourcePageUrl] === 'author')!.id;
    expect(othersIds).toHaveLength(100);
    // Half of them rejected: suggestions the plugin cannot find among the open ones.
    for (const id of othersIds.slice(50)) {
      await site.bridgeApi(`/api/projects/${project}/suggestions/${id}`, { method: 'PATCH', body: { status: 'rejected' } });
    }
  }, 600_000);

  afterAll(async () => {
    await site?.stop();
  });

  it('when a contributor implements 100 suggestions of others\' posts, then 403 after one bridge call, and one call is charged to their budget', async () => {
    await resetBudget();
    await setAuthorRole('contributor');
    try {
      const contributor = await site.wp.rest('author');
      const project = await site.projectId();
      const implementations = await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${project}/implementations`);
      const before = site.proxy!.seen.length;

      const answer = await contributor.json<WpError>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: othersIds } });

      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('interlinker_cannot_edit_post');
      expect(bridgeCallsSince(before)).toEqual([expect.stringMatching(/^GET \/api\/projects\/[^/]+\/suggestions\?/)]);
      expect(await budgetUsed()).toBe(1);
      const after = await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${project}/implementations`);
      expect(after.body.meta.pagination.total).toBe(implementations.body.meta.pagination.total);
    } finally {
      await setAuthorRole('author');
    }
  });

  it(`when an author approves their own suggestion again and again, then a budget of ${BUDGET} calls allows exactly ${BUDGET} bridge calls: WordPress's Allow-header pass charges nothing`, async () => {
    await resetBudget();
    const author = await site.wp.rest('author');
    const before = site.proxy!.seen.length;
    const statuses: number[] = [];

    for (let i = 0; i < 6 && !statuses.includes(429); i++) {
      const answer = await author.json(`/interlinker/v1/suggestions/${ownId}`, { method: 'PATCH', body: { status: i % 2 === 0 ? 'approved' : 'pending' } });
      statuses.push(answer.status);
    }

    // Each change reads the suggestion (whose source post decides) and then writes it: two calls.
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(bridgeCallsSince(before)).toHaveLength(BUDGET);
    expect(await budgetUsed()).toBe(BUDGET);
  });

  it('when a contributor keeps asking to implement others\' suggestions, then the bridge sees no more calls than their budget, and an editor still implements', async () => {
    await resetBudget();
    await setAuthorRole('contributor');
    const statuses: number[] = [];
    const before = site.proxy!.seen.length;
    try {
      const contributor = await site.wp.rest('author');
      for (let i = 0; i < BUDGET + 4; i++) {
        statuses.push((await contributor.json('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: othersIds } })).status);
      }
    } finally {
      await setAuthorRole('author');
    }

    expect(statuses).toEqual([...Array<number>(BUDGET).fill(403), 429, 429, 429, 429]);
    expect(bridgeCallsSince(before).length).toBeLessThanOrEqual(BUDGET);
    expect(await budgetUsed()).toBe(BUDGET);
    const editor = await site.wp.rest('editor');
    const implemented = await editor.json<{ status: string }>('/interlinker/v1/implement', { method: 'POST', body: { suggestionIds: [othersIds[0]!] } });
    expect(implemented.status).toBe(200);
  });

  it('when an author finds links to their post, implements their own suggestion and rolls it back, then each request counts exactly the bridge calls it makes', async () => {
    await resetBudget();
    await site.php(`update_option( 'interlinker_test_hold_sync', 1 ); return update_option( 'interlinker_test_budget', 50 );`);
    try {
      const author = await site.wp.rest('author');
      const counted: { route: string; status: number; calls: number; charged: number }[] = [];
      const measure = async <T>(route: string, body: unknown): Promise<T> => {
        const calls = site.proxy!.seen.length;
        const charged = await budgetUsed();
        const answer = await author.json<T>(`/interlinker/v1${route}`, { method: 'POST', body });
        counted.push({ route, status: answer.status, calls: site.proxy!.seen.length - calls, charged: (await budgetUsed()) - charged });
        return answer.body;
      };

      await measure(`/posts/${ownPostId}/inbound-suggestions`, {});
      const implemented = await measure<{ id: string }>('/implement', { suggestionIds: [ownId] });
      await measure('/rollback', { implementationId: implemented.id, reason: 'test' });

      expect(counted).toEqual([
        { route: `/posts/${ownPostId}/inbound-suggestions`, status: 200, calls: 2, charged: 2 },
        { route: '/implement', status: 200, calls: 3, charged: 3 },
        { route: '/rollback', status: 200, calls: 2, charged: 2 },
      ]);
    } finally {
      await site.php(`delete_option( 'interlinker_test_hold_sync' ); return delete_option( 'interlinker_test_budget' );`);
    }
  });
});
