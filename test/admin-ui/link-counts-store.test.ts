import { beforeEach, describe, expect, it } from "vitest";

import type { LinkCountQuery } from "../../admin-ui/src/api/link-counts";
import { servePluginRoutes, wpError } from "./plugin-routes";
import { freshRegistry, type TestRegistry } from "./test-registry";

const QUERY: LinkCountQuery = {
  search: " loaf ",
  orderby: "external",
  order: "desc",
  filter: "orphans",
  linksTo: 7,
  linksFrom: 0,
  page: 2,
  perPage: 20,
};

describe("link counts in the store", () => {
  let registry: TestRegistry;
  beforeEach(() => {
    registry = freshRegistry();
  });

  it("when a page of the report loads, then the filters go to the route and the totals come from its headers", async () => {
    const calls = servePluginRoutes(() => ({
      body: [
        {
          postId: 3,
          title: "Loaf",
          url: "http://site.test/loaf/",
          editLink: "",
          postType: "post",
          status: "publish",
          inbound: 0,
          internal: 2,
          external: 1,
          counted: true,
        },
      ],
      headers: { "X-WP-Total": "21", "X-WP-TotalPages": "2" },
    }));
    const page = await registry.resolveSelect.getLinkCounts(QUERY);
    expect(page?.items[0]?.postId).toBe(3);
    expect(page?.total).toBe(21);
    const query = calls[0]?.query;
    expect(calls[0]?.path).toBe("/interlinker/v1/link-counts");
    // apiFetch adds _locale itself; links_from 0 is no filter and is not sent.
    expect(Object.fromEntries(query ?? [])).toEqual({
      _locale: "user",
      search: "loaf",
      orderby: "external",
      order: "desc",
      filter: "orphans",
      links_to: "7",
      page: "2",
      per_page: "20",
    });
  });

  it("when every post’s links are counted, then batches are asked for until the count is complete, and the report is read again", async () => {
    let counted = 0;
    const calls = servePluginRoutes((call) => {
      if (call.path === "/interlinker/v1/link-counts/progress") {
        counted = Math.min(120, counted + 50);
        return {
          body: { counted, total: 120, complete: counted === 120 },
        };
      }
      return {
        body: [],
        headers: { "X-WP-Total": "0", "X-WP-TotalPages": "0" },
      };
    });
    await registry.resolveSelect.getLinkCounts(QUERY);
    await registry.dispatch.countAllLinks();
    const batches = calls.filter(
      (call) => call.path === "/interlinker/v1/link-counts/progress",
    );
    expect(batches.map((call) => call.method)).toEqual([
      "POST",
      "POST",
      "POST",
    ]);
    expect(registry.select.getLinkCountProgress()).toEqual({
      counted: 120,
      total: 120,
      complete: true,
    });
    expect(registry.select.isBusy("countLinks")).toBe(false);
    // The report is asked for again once the count is complete.
    await registry.resolveSelect.getLinkCounts(QUERY);
    expect(
      calls.filter((call) => call.path === "/interlinker/v1/link-counts"),
    ).toHaveLength(2);
  });

  it("when the report arrives after the bridge could not be reached, then the bridge problem stays known", async () => {
    // The report is the plugin's own (no bridge call): its answer is no sign that the bridge is back.
    servePluginRoutes((call) => {
      if (call.path === "/interlinker/v1/link-counts") {
        return {
          body: [],
          headers: { "X-WP-Total": "0", "X-WP-TotalPages": "0" },
        };
      }
      if (call.path === "/interlinker/v1/link-counts/progress") {
        return { body: { counted: 3, total: 3, complete: true } };
      }
      return wpError(
        503,
        "interlinker_bridge_unreachable",
        "The Interlinker bridge cannot be reached.",
      );
    });
    await registry.resolveSelect.getAnalytics({
      startDate: "2026-10-01",
      endDate: "2026-10-30",
    });
    expect(registry.select.getBridgeProblem()?.kind).toBe("unreachable");
    await registry.resolveSelect.getLinkCounts(QUERY);
    await registry.resolveSelect.getLinkCountProgress();
    expect(registry.select.getBridgeProblem()?.kind).toBe("unreachable");
  });
});
