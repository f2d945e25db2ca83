import type { ListResult, PaginationQuery } from '../pagination.js';
import { ValidationError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import type { AnalyticsRepository, PathFilter } from './analytics.repository.js';
import type { Analytics, BrokenLink, InboundLinks, OrphanPage, TimeseriesPoint } from './analytics.schemas.js';
import { parseDateWindow } from './date-window.js';

const DAY_MS = 86_400_000;
const DEFAULT_TIMESERIES_DAYS = 30;
const MAX_TIMESERIES_DAYS = 366;
const INBOUND_BUCKETS: { label: string; min: number; max: number | null }[] = [
  { label: '0', min: 0, max: 0 },
  { label: '1', min: 1, max: 1 },
  { label: '2–3', min: 2, max: 3 },
  { label: '4–7', min: 4, max: 7 },
  { label: '8–15', min: 8, max: 15 },
  { label: '16+', min: 16, max: null },
];

export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly clock: Clock,
  ) {}

  /** Contract §6: suggestions and implementations in the window; pages and links as they are now. */
  async summary(projectId: string, startDate?: string, endDate?: string): Promise<Analytics> {
    const window = parseDateWindow(startDate, endDate);
    const pages = await this.analytics.pageCounts(projectId);
    return {
      suggestions: await this.analytics.suggestionCounts(projectId, window),
      implementations: await this.analytics.implementationCounts(projectId, window),
      pages: { total: pages.synced + pages.pending, synced: pages.synced, pending: pages.pending },
      links: await this.analytics.linkCounts(projectId),
      window: { startDate: window.from, endDate: window.toExclusive },
    };
  }

  /** One point per UTC day; without dates, the last 30 days up to today. */
  async timeseries(projectId: string, startDate?: string, endDate?: string): Promise<TimeseriesPoint[]> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const end = endDate ?? today;
    // Checked before a default start is derived from it: a malformed end is a 400, not an invalid Date.
    parseDateWindow(undefined, end);
    const start = startDate ?? new Date(Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - (DEFAULT_TIMESERIES_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const window = parseDateWindow(start, end);
    const first = Date.parse(`${window.from!.slice(0, 10)}T00:00:00Z`);
    const last = Date.parse(window.toExclusive!) - 1;
    const days = Math.floor((last - first) / DAY_MS) + 1;
    if (days > MAX_TIMESERIES_DAYS) {
      throw new ValidationError([{ field: 'query.startDate', message: `The window may span at most ${MAX_TIMESERIES_DAYS} days.` }]);
    }
    const daily = await this.analytics.daily(projectId, window);
    return Array.from({ length: days }, (_, i) => {
      const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
      return { date, suggestions: daily.suggestions.get(date) ?? 0, implementations: daily.implementations.get(date) ?? 0 };
    });
  }

  /** Pages that take part in suggestions (inside the project's paths, not excluded) that nothing links to. */
  async orphans(projectId: string, paths: PathFilter, page: PaginationQuery): Promise<ListResult<OrphanPage>> {
    const { items, total } = await this.analytics.orphans(projectId, paths, page.limit, page.offset);
    return { items, pagination: { ...page, total } };
  }

  async brokenLinks(projectId: string, page: PaginationQuery): Promise<ListResult<BrokenLink>> {
    const { items, total } = await this.analytics.brokenLinks(projectId, page.limit, page.offset);
    return { items, pagination: { ...page, total } };
  }

  async inboundLinks(projectId: string, paths: PathFilter): Promise<InboundLinks> {
    const counts = await this.analytics.inboundCounts(projectId, paths);
    return {
      buckets: INBOUND_BUCKETS.map((bucket) => ({
        ...bucket,
        pages: counts
          .filter((c) => c.inbound >= bucket.min && (bucket.max === null || c.inbound <= bucket.max))
          .reduce((sum, c) => sum + c.pages, 0),
      })),
    };
  }
}
