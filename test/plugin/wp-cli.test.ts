import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SHAPES } from '../../bench/hostile/hostile-pages.js';
import { parseCsv } from '../support/csv.js';
import { type PluginSite, phpString, startPluginSite } from './support/plugin-site.js';
import { runWpCli, verifiedWpCliPhar, type WpCliResult, wpCliOutput, wpCliPharPath } from './support/wp-cli.js';

/** Posts besides the three named ones: a full sync of a few hundred posts. */
const FILLER_POSTS = 300;
const TOPICS = ['kayak routes', 'tomato seedlings', 'bicycle gears', 'violin strings', 'tide tables', 'wool dyeing', 'clock repair', 'bee keeping'];

interface StatusJson {
  bridge_url: string;
  bridge: string;
  project: string;
  posts_synced: string;
  generation: string;
  sync_queue: string;
  unreported_implementations: number;
  last_sync: string;
  last_errors: string;
}

interface SuggestionRow {
  id: string;
  status: string;
  score: number;
  source_post: number;
  target_post: number;
  target_title: string;
  anchor_text: string;
}

describe('the WP-CLI phar the tests run', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'interlinker-wp-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('when the phar beside the repository (or INTERLINKER_WP_CLI_PHAR) is checked, then it is the official 2.10.0 release', () => {
    expect(verifiedWpCliPhar()).toBe(wpCliPharPath());
  });

  it('when a file is not the release or is missing, then using it fails saying so, before anything runs', () => {
    const impostor = path.join(scratch, 'wp-cli.phar');
    writeFileSync(impostor, '<?php echo "not wp-cli";');

    expect(() => verifiedWpCliPhar(impostor)).toThrow(/is not the official WP-CLI 2\.10\.0 phar: its sha256 is [0-9a-f]{64}/);
    expect(() => verifiedWpCliPhar(path.join(scratch, 'absent.phar'))).toThrow(/INTERLINKER_WP_CLI_PHAR/);
  });
});

describe('wp interlinker, through the WP-CLI phar in a real WordPress', () => {
  let site: PluginSite;
  let starterId: number;
  let flourId: number;
  let loafId: number;
  let postCount: number;

  const wp = (...args: string[]): Promise<WpCliResult> => runWpCli(site.wp, args);
  const wpOk = (...args: string[]): Promise<string> => wpCliOutput(site.wp, args);
  const status = async (): Promise<StatusJson> => JSON.parse(await wpOk('interlinker', 'status', '--format=json')) as StatusJson;
  /** The bridge's page at a URL, read page by page from its list. */
  const bridgePage = async (url: string): Promise<{ url: string; keyphrases: string[] } | undefined> => {
    const projectId = await site.projectId();
    for (let offset = 0; offset < postCount; offset += 100) {
      const pages = await site.bridgeApi<{ data: { url: string; keyphrases: string[] }[] }>(`/api/projects/${projectId}/pages?limit=100&offset=${offset}`);
      const found = pages.body.data.find((page) => page.url === url);
      if (found) return found;
    }
    return undefined;
  };
  /** Runs `during` with the bridge stopped, and starts it again whatever happens. */
  const withBridgeStopped = async <T>(during: () => Promise<T>): Promise<T> => {
    await site.bridge.stop();
    try {
      return await during();
    } finally {
      await site.bridge.start();
    }
  };

  beforeAll(async () => {
    site = await startPluginSite({
      name: 'plugin-wp-cli',
      // A test sets a small hourly budget of bridge calls through this option.
      muPlugin: `add_filter( 'interlinker_user_hourly_bridge_calls', static fn( $limit ) => (int) get_option( 'interlinker_test_hourly_calls', $limit ) );`,
    });
    // Created in one PHP run whose shutdown does not send the sync queue: the bridge has nothing before the tests.
    const ids = await site.php<number[]>(`
      remove_action( 'shutdown', array( \\Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
      // WordPress's sample post and page: the site holds the fixture's posts only.
      foreach ( get_posts( array( 'post_type' => array( 'post', 'page' ), 'numberposts' => -1 ) ) as $sample ) {
        wp_delete_post( $sample->ID, true );
      }
      $post = static fn( string $title, string $content ): int => wp_insert_post( array( 'post_title' => $title, 'post_content' => $content, 'post_status' => 'publish', 'post_author' => 1 ), true );
      $ids = array(
        $post( 'Sourdough Starter', '<p>Feed the sourdough starter with flour and water every day; a lively sourdough starter doubles.</p>' ),
        $post( 'Bread Flour', '<p>Bread flour has more protein than cake flour, so bread flour builds gluten.</p>' ),
        $post( 'Weekend Loaf', '<p>Every Saturday I wake my sourdough starter and weigh out strong bread flour for the weekend loaf.</p>' ),
      );
      $topics = ${JSON.stringify(TOPICS).replace(/^\[/, 'array(').replace(/\]$/, ')')};
      for ( $i = 1; $i <= ${FILLER_POSTS}; $i++ ) {
        $topic = $topics[ $i % count( $topics ) ];
        $post( "Field note $i on $topic", "<p>Field note number $i keeps what I learned about $topic this week, with measurements from day $i.</p>" );
      }
      return $ids;`);
    [starterId, flourId, loafId] = ids as [number, number, number];
    postCount = ids.length + FILLER_POSTS;
  });

  afterAll(async () => {
    await site?.stop();
  });

  describe('help', () => {
    it('when an administrator asks wp help interlinker, then every command is listed under the namespace description', async () => {
      const help = await wpOk('help', 'interlinker');

      expect(help).toContain('Syncs this site with its Interlinker bridge');
      expect(help).toMatch(/Without --user, a command acts with an administrator's rights[\s\S]*With --user=<login>, it is held to that user's\s+capabilities/);
      for (const command of ['status', 'sync', 'suggestions', 'implement', 'rollback', 'export', 'keyphrases']) {
        expect(help).toMatch(new RegExp(`^\\s+${command}\\s`, 'm'));
      }
    });

    it('when help is asked for one command, then it shows its synopsis, options and examples', async () => {
      const sync = await wpOk('help', 'interlinker', 'sync');
      const rollback = await wpOk('help', 'interlinker', 'rollback');
      const list = await wpOk('help', 'interlinker', 'suggestions', 'list');

      expect(sync).toContain('wp interlinker sync [--all] [--post=<ids>]');
      expect(sync).toContain('$ wp interlinker sync --all');
      expect(rollback).toContain('wp interlinker rollback <implementation> --reason=<reason> [--yes]');
      expect(list).toMatch(/--format=<format>[\s\S]*default: table[\s\S]*- csv[\s\S]*- json/);
    });
  });

  describe('status and sync', () => {
    it('when nothing was synced yet, then status says the bridge answers, no project exists, and every post waits in the queue', async () => {
      const before = await status();

      expect(before.bridge).toMatch(/^connected \(version \d+\.\d+\.\d+/);
      expect(before.bridge_url).toBe(site.bridge.url);
      expect(before.project).toMatch(/^none yet/);
      expect(before.posts_synced).toBe(`0 of ${postCount}`);
      expect(before.sync_queue).toBe(`${postCount} posts, 0 deleted posts`);
      expect(before.last_sync).toBe('never');
    });

    it(`when sync --all runs, then all ${FILLER_POSTS + 3} posts reach the bridge and the summary counts them`, async () => {
      const result = await wp('interlinker', 'sync', '--all');

      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Success: Synced: ${postCount} sent, 0 failed, 0 skipped.`);
      const pages = await site.bridgeApi<{ meta: { pagination: { total: number } } }>(`/api/projects/${await site.projectId()}/pages?limit=1`);
      expect(pages.body.meta.pagination.total).toBe(postCount);
      const after = await status();
      expect(after.project).toBe(await site.projectId());
      expect(after.posts_synced).toBe(`${postCount} of ${postCount}`);
      expect(after.last_sync).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(after.last_errors).toBe('none');
    });

    it('when sync runs without options, then it sends the queue run after run until it is empty', async () => {
      const result = await wp('interlinker', 'sync');

      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Success: Synced: ${postCount} sent, 0 failed, 0 skipped.`);
      expect((await status()).sync_queue).toBe('0 posts, 0 deleted posts');
    });

    it('when sync --post names posts, then only those are sent; an unknown post stops it before anything is sent', async () => {
      const given = await wp('interlinker', 'sync', `--post=${starterId},${flourId}`);
      const unknown = await wp('interlinker', 'sync', `--post=${starterId},999999`);
      const both = await wp('interlinker', 'sync', '--all', `--post=${starterId}`);

      expect(given.stdout).toContain('Success: Synced: 2 sent, 0 failed, 0 skipped.');
      expect(unknown).toMatchObject({ exitCode: 1, stderr: 'Error: No such post: 999999.\n' });
      expect(both).toMatchObject({ exitCode: 1, stderr: 'Error: Give either --all or --post, not both.\n' });
    });

    it('when the bridge is stopped, then status and sync exit with 1 and the plugin says the bridge cannot be reached, and status keeps the error', async () => {
      const [down, sync] = await withBridgeStopped(async () => [await wp('interlinker', 'status', '--format=json'), await wp('interlinker', 'sync', `--post=${loafId}`)]);

      expect(down.exitCode).toBe(1);
      expect((JSON.parse(down.stdout) as StatusJson).bridge).toMatch(/^unreachable: /);
      expect(down.stderr).toMatch(/^Error: .+/);
      expect(sync).toMatchObject({
        exitCode: 1,
        stderr: 'Error: The Interlinker bridge cannot be reached. Check that it is running and that the bridge URL in the settings is right.\n',
      });
      expect((await status()).last_errors).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ The Interlinker bridge cannot be reached\./);
    });

    it('when a subscriber runs a full sync or an author asks the status with --user, then each is refused as in wp-admin', async () => {
      const refused = await wp('interlinker', 'sync', '--all', '--user=subscriber');
      const status = await wp('interlinker', 'status', '--user=author');

      expect(refused).toMatchObject({ exitCode: 1, stderr: 'Error: Sorry, you are not allowed to do that.\n' });
      expect(status).toMatchObject({ exitCode: 1, stdout: '', stderr: 'Error: Sorry, you are not allowed to do that.\n' });
    });
  });

  describe('suggestions, implement and rollback', () => {
    let toStarter: SuggestionRow;
    let toFlour: SuggestionRow;
    let implementationId: string;

    it('when suggestions are generated for a post, then its suggestions come back in the asked format', async () => {
      const generated = JSON.parse(await wpOk('interlinker', 'suggestions', 'generate', String(loafId), '--format=json', '--fields=id,status,score,source_post,target_post,target_title,anchor_text')) as SuggestionRow[];

      toStarter = generated.find((row) => row.target_post === starterId)!;
      toFlour = generated.find((row) => row.target_post === flourId)!;
      expect(toStarter).toMatchObject({ status: 'pending', source_post: loafId, target_title: 'Sourdough Starter' });
      expect(toStarter.anchor_text.toLowerCase()).toBe('sourdough starter');
      expect(toFlour).toMatchObject({ status: 'pending', source_post: loafId });
    });

    it('when suggestions are listed by post and status, then table, CSV and ids show the same suggestions', async () => {
      const table = await wpOk('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--status=pending');
      // WP-CLI's formatter writes CSV with LF line ends; these cells (ids, numbers, anchors) hold no comma or quote.
      const csv = (await wpOk('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--status=pending', '--format=csv')).trim().split('\n').map((line) => line.split(','));
      const ids = (await wpOk('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--format=ids')).trim().split(' ');

      expect(table).toMatch(/id\s+status\s+score\s+source_post\s+target_post\s+anchor_text/);
      expect(table).toContain(toStarter.id);
      expect(csv[0]).toEqual(['id', 'status', 'score', 'source_post', 'target_post', 'anchor_text']);
      expect(csv.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining([toStarter.id, toFlour.id]));
      expect(ids).toEqual(expect.arrayContaining([toStarter.id, toFlour.id]));
    });

    it('when a list or generation names an unknown post or status, then it exits with 1 saying which', async () => {
      expect(await wp('interlinker', 'suggestions', 'generate', '999999')).toMatchObject({ exitCode: 1, stderr: 'Error: No such post: 999999.\n' });
      expect(await wp('interlinker', 'suggestions', 'list', '--post=999999')).toMatchObject({ exitCode: 1, stderr: 'Error: No such post: 999999.\n' });
      expect(await wp('interlinker', 'suggestions', 'list', '--status=done')).toMatchObject({
        exitCode: 1,
        stderr: 'Error: No such status: done. Use pending, approved, rejected, implemented.\n',
      });
    });

    it('when an author approves a suggestion in an administrator\'s post with --user, then it is refused and stays pending', async () => {
      const refused = await wp('interlinker', 'suggestions', 'approve', toStarter.id, '--user=author');

      expect(refused).toMatchObject({ exitCode: 1, stderr: `Error: Sorry, you are not allowed to edit post ${loafId}, which this change would edit.\n` });
      const listed = JSON.parse(await wpOk('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--status=approved', '--format=json')) as SuggestionRow[];
      expect(listed).toEqual([]);
    });

    it('when suggestions are approved (by an editor with --user) and rejected, then the bridge holds the new statuses and the editor\'s cached reads end; an unknown id is reported and counted', async () => {
      const generation = () => site.php<string>(`return get_user_meta( ${site.wp.users.editor.id}, 'interlinker_read_generation', true );`);
      const before = Number(await generation());
      const approved = await wp('interlinker', 'suggestions', 'approve', toStarter.id, '--user=editor');
      expect(Number(await generation())).toBe(before + 1);
      const rejected = await wp('interlinker', 'suggestions', 'reject', toFlour.id, 'no-such-suggestion');
      const unknown = await wp('interlinker', 'suggestions', 'approve', 'no-such-suggestion');

      expect(approved).toMatchObject({ exitCode: 0, stdout: 'Success: Approved 1 of 1 suggestions.\n' });
      expect(rejected.exitCode).toBe(1);
      expect(rejected.stderr).toMatch(/^Warning: no-such-suggestion: .+\nError: Only rejected 1 of 2 suggestions\.\n$/);
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^Error: .+/);
      const statuses = JSON.parse(await wpOk('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--format=json')) as SuggestionRow[];
      expect(statuses.find((row) => row.id === toStarter.id)?.status).toBe('approved');
      expect(statuses.find((row) => row.id === toFlour.id)?.status).toBe('rejected');
    });

    it('when implement is answered "n" at its question, then nothing changes; with --yes the approved link goes into the post', async () => {
      const before = await site.content(loafId);
      const declined = await runWpCli(site.wp, ['interlinker', 'implement', toStarter.id], { input: 'n\n' });

      expect(declined.exitCode).toBe(0);
      expect(declined.stdout).toContain('Insert the link of 1 suggestion into its post? [y/n]');
      expect(await site.content(loafId)).toBe(before);

      const implemented = await wp('interlinker', 'implement', toStarter.id, '--yes', '--format=json');
      expect(implemented.exitCode, implemented.stderr).toBe(0);
      const [result] = JSON.parse(implemented.stdout) as { implementation: string; suggestion: string; inserted: string; post: number }[];
      expect(result).toMatchObject({ suggestion: toStarter.id, inserted: 'yes', post: loafId, reason: '' });
      implementationId = result!.implementation;
      expect(implementationId).toMatch(/^\S+$/);
      const permalink = await site.php<string>(`return get_permalink( ${starterId} );`);
      expect(await site.content(loafId)).toContain(`href="${permalink}"`);
    });

    it('when implement names an unknown suggestion, then it exits with 1 and no post changes', async () => {
      const before = await site.content(loafId);
      const unknown = await wp('interlinker', 'implement', 'no-such-suggestion', '--yes');

      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^Error: .+/);
      expect(await site.content(loafId)).toBe(before);
    });

    it('when the implementation is exported, then its CSV row names the link', async () => {
      const rows = parseCsv(await wpOk('interlinker', 'export', 'implementations', '--status=completed'));

      expect(rows[0]).toEqual(['Implementation ID', 'Status', 'Created', 'Post title', 'Post URL', 'Anchor text', 'Target URL', 'Link status', 'Undone at']);
      expect(rows.find((row) => row[0] === implementationId)).toEqual(expect.arrayContaining(['completed', 'Weekend Loaf', 'inserted']));
    });

    it('when rollback is run without --reason or for an unknown implementation, then it exits with 1 and the link stays', async () => {
      const before = await site.content(loafId);
      const noReason = await wp('interlinker', 'rollback', implementationId, '--yes');
      const unknown = await wp('interlinker', 'rollback', 'no-such-implementation', '--reason=Cleanup', '--yes');

      expect(noReason.exitCode).toBe(1);
      expect(noReason.stderr).toContain('missing --reason parameter');
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^Error: .+/);
      expect(await site.content(loafId)).toBe(before);
    });

    it('when rollback runs with a reason and --yes, then the link leaves the post and the bridge records the reason', async () => {
      const rolled = await wp('interlinker', 'rollback', implementationId, '--reason=Links to the old page', '--yes');

      expect(rolled.exitCode, rolled.stderr).toBe(0);
      expect(rolled.stdout).toContain(`Success: Implementation ${implementationId} rolled back (rolled_back).`);
      expect(await site.content(loafId)).not.toContain('href=');
      const implementation = await site.bridgeApi<{ data: { status: string; rollbackReason: string } }>(`/api/projects/${await site.projectId()}/implementations/${implementationId}`);
      expect(implementation.body.data).toMatchObject({ status: 'rolled_back', rollbackReason: 'Links to the old page' });
      expect(await wp('interlinker', 'rollback', implementationId, '--reason=Again', '--yes')).toMatchObject({
        exitCode: 1,
        stderr: 'Error: This implementation cannot be rolled back: its status is rolled_back.\n',
      });
    });

    it('when a second approved suggestion is implemented with the table format, then the summary names the implementation', async () => {
      await wpOk('interlinker', 'suggestions', 'approve', toFlour.id);
      const implemented = await wp('interlinker', 'implement', toFlour.id, '--yes');

      expect(implemented.exitCode, implemented.stderr).toBe(0);
      expect(implemented.stdout).toMatch(/implementation\s+suggestion\s+inserted\s+post\s+reason/);
      expect(implemented.stdout).toMatch(/Success: Implementation \S+: 1 of 1 links inserted\.\n$/);
    });
  });

  describe('export and keyphrases', () => {
    it('when each report is exported, then each is the CSV file of its screen', async () => {
      const suggestions = parseCsv(await wpOk('interlinker', 'export', 'suggestions', `--post=${loafId}`));
      const orphans = parseCsv(await wpOk('interlinker', 'export', 'orphans'));
      const broken = parseCsv(await wpOk('interlinker', 'export', 'broken-links'));
      const unknown = await wp('interlinker', 'export', 'everything');

      expect(suggestions[0]).toEqual(['Source title', 'Source URL', 'Target title', 'Target URL', 'Anchor text', 'Context', 'Relevance score', 'Status', 'Created']);
      expect(suggestions.slice(1).every((row) => row[0] === 'Weekend Loaf')).toBe(true);
      expect(suggestions.length).toBeGreaterThan(2);
      expect(orphans[0]).toEqual(['Title', 'URL', 'Edit link']);
      expect(orphans.map((row) => row[0])).toContain('Field note 1 on tomato seedlings');
      expect(broken[0]).toEqual(['Source URL', 'Source edit link', 'Link text', 'Target URL', 'HTTP status']);
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toContain('Invalid value specified for positional arg.');
    });

    it('when keyphrases are set, then the kept ones are stored, the rest reported, and the bridge gets them with the post', async () => {
      const long = 'x'.repeat(101);
      const set = await wp('interlinker', 'keyphrases', 'set', String(flourId), 'strong  flour', 'Strong flour', long);
      const got = JSON.parse(await wpOk('interlinker', 'keyphrases', 'get', String(flourId), '--format=json')) as { phrase: string; source: string }[];

      expect(set.exitCode, set.stderr).toBe(0);
      expect(set.stderr).toBe(`Warning: Left out (a duplicate, over 6 words or 100 characters, or past the 10th phrase): ${long}\n`);
      expect(set.stdout).toContain(`Success: Post ${flourId} is linked for: strong flour.`);
      expect(got).toEqual([{ phrase: 'strong flour', source: 'interlinker' }]);
      expect(await wp('interlinker', 'keyphrases', 'set', String(starterId))).toMatchObject({ exitCode: 0, stdout: `Success: Post ${starterId} has no phrases of its own now.\n` });
      const permalink = await site.php<string>(`return get_permalink( ${flourId} );`);
      expect((await bridgePage(permalink))?.keyphrases).toEqual(['strong flour']);
      expect(await wp('interlinker', 'keyphrases', 'get', '999999')).toMatchObject({ exitCode: 1, stderr: 'Error: No such post: 999999.\n' });
    });
  });

  describe("an author's hourly budget", () => {
    it('when an author runs commands with --user past the hourly budget of bridge calls, then the plugin refuses as in wp-admin; without --user nothing is counted', async () => {
      // The hour's count starts afresh: earlier tests' calls as the author are not this test's.
      const forgetCounts = `global $wpdb; $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'interlinker\\\\_throttle\\\\_%'" );`;
      await site.php(`${forgetCounts} update_option( 'interlinker_test_hourly_calls', 1 ); return true;`);
      try {
        const first = await wp('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--user=author', '--format=count');
        const second = await wp('interlinker', 'suggestions', 'list', `--post=${loafId}`, '--user=author', '--format=count');
        const unlimited = await wp('interlinker', 'suggestions', 'list', '--format=count');

        expect(first.exitCode, first.stderr).toBe(0);
        expect(second.exitCode).toBe(1);
        expect(second.stderr).toMatch(/^Error: You have made too many Interlinker requests this hour; try again after \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\)\.\n$/);
        expect(unlimited.exitCode, unlimited.stderr).toBe(0);
      } finally {
        await site.php(`${forgetCounts} delete_option( 'interlinker_test_hourly_calls' ); return true;`);
      }
    });
  });

  describe('a page the bridge refuses', () => {
    it('when a post takes the bridge longer to analyse than its limit, then sync warns with its URL, exits with 1, and status shows it among the last errors', async () => {
      // Tens of thousands of distinct words take the bridge hundreds of ms to analyse; the other posts a few ms.
      const words = HOSTILE_SHAPES.find((shape) => shape.name === 'distinct-words')!.build(1024 * 1024);
      const bigId = await site.php<number>(`
        remove_action( 'shutdown', array( \\Interlinker\\Plugin::instance()->queue, 'run_at_shutdown' ) );
        return wp_insert_post( array( 'post_title' => 'Word list', 'post_content' => ${phpString(words)}, 'post_status' => 'publish', 'post_author' => 1 ), true );`);
      const url = await site.php<string>(`return get_permalink( ${bigId} );`);
      await site.bridge.stop();
      await site.bridge.start({ INTERLINKER_ANALYSIS_TIMEOUT_MS: '100' });
      try {
        const result = await wp('interlinker', 'sync', `--post=${bigId},${starterId}`);

        expect(result.exitCode).toBe(1);
        expect(result.stderr).toContain(`Warning: ${url}: `);
        expect(result.stderr).toMatch(/took longer than 100 ms/);
        expect(result.stderr).toContain('Error: The bridge refused some pages: 1 sent, 1 failed, 0 skipped.');
        const lastErrors = (await status()).last_errors;
        expect(lastErrors).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /);
        expect(lastErrors).toContain(`${url}: `);
      } finally {
        await site.bridge.stop();
        await site.bridge.start();
      }
    });
  });
});
