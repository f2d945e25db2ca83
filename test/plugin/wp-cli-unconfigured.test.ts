import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PluginSite, startPluginSite } from './support/plugin-site.js';
import { runWpCli, type WpCliResult } from './support/wp-cli.js';

/** What every command that needs the bridge tells an administrator of a site whose plugin is not configured yet. */
const WHAT_TO_CONFIGURE = /Interlinker → Settings.*INTERLINKER_BRIDGE_URL and INTERLINKER_API_KEY in wp-config\.php/;

describe('wp interlinker on a site where the plugin is not configured yet', () => {
  let site: PluginSite;
  let postId: number;

  const wp = (...args: string[]): Promise<WpCliResult> => runWpCli(site.wp, args);

  beforeAll(async () => {
    site = await startPluginSite({ name: 'plugin-wp-cli-unconfigured', configure: 'none' });
    postId = await site.createPost({ title: 'Unsent Post', content: '<p>Written before the bridge was set up.</p>' });
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('when status is asked, then it reports what is known, names what to configure and where, and exits with 1', async () => {
    const result = await wp('interlinker', 'status', '--format=json');
    const report = JSON.parse(result.stdout) as Record<string, unknown>;

    expect(result.exitCode).toBe(1);
    expect(report.bridge_url).toBe('(not set)');
    expect(report.bridge).toMatch(/^not configured: No bridge URL and no API key are set/);
    expect(report.bridge).toMatch(WHAT_TO_CONFIGURE);
    expect(report.project).toBe('none');
    expect(report.posts_synced).toMatch(/^0 of \d+$/);
    expect(report.generation).toBe('');
    expect(result.stderr).toMatch(/^Error: No bridge URL and no API key are set/);
    expect(result.stderr).toMatch(WHAT_TO_CONFIGURE);
    expect(result.stderr).not.toMatch(/Warning|Notice|Deprecated|Fatal/);
  });

  it('when a command that needs the bridge runs, then it exits with 1 saying what to configure, and sends or changes nothing', async () => {
    const commands = [
      ['sync', '--all'],
      ['sync'],
      ['sync', `--post=${postId}`],
      ['suggestions', 'list'],
      ['suggestions', 'generate', String(postId)],
      ['suggestions', 'approve', 'sug_1'],
      ['suggestions', 'reject', 'sug_1'],
      ['implement', 'sug_1', '--yes'],
      ['rollback', 'imp_1', '--reason=wrong link', '--yes'],
      ['export', 'suggestions'],
      ['export', 'implementations'],
      ['export', 'broken-links'],
      ['export', 'orphans'],
    ];
    for (const command of commands) {
      const result = await wp('interlinker', ...command);
      const named = `wp interlinker ${command.join(' ')}`;
      expect(result.exitCode, named).toBe(1);
      expect(result.stderr, named).toMatch(/^Error: No bridge URL and no API key are set/);
      expect(result.stderr, named).toMatch(WHAT_TO_CONFIGURE);
      expect(result.stderr, named).not.toMatch(/Warning|Notice|Deprecated|Fatal/);
      expect(result.stdout, named).not.toMatch(/Success/);
    }
    expect(await site.content(postId)).toBe('<p>Written before the bridge was set up.</p>');
    expect((await site.bridgeApi<{ data: unknown[] }>('/api/projects')).body.data).toEqual([]);
  });

  it('when only the bridge URL is stored, then status names the missing API key', async () => {
    await site.php(`update_option( 'interlinker_settings', array( 'bridgeUrl' => ${JSON.stringify(site.bridge.url)} ) ); return true;`);
    const result = await wp('interlinker', 'status', '--format=json');

    expect(result.exitCode).toBe(1);
    expect((JSON.parse(result.stdout) as { bridge_url: string }).bridge_url).toBe(site.bridge.url);
    expect(result.stderr).toMatch(/^Error: No API key is set/);
    expect(result.stderr).toMatch(WHAT_TO_CONFIGURE);
  });
});
