import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino, { type Logger } from 'pino';
import { createApp } from '../../bridge/src/app.js';
import type { Tier } from '../../bridge/src/accounts/accounts.repository.js';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import type { Db } from '../../bridge/src/db/connection.js';
import type { DatabaseBackend } from '../../bridge/src/db/database.js';
import type { BackgroundGenerationTiming } from '../../bridge/src/generation/background-generator.js';
import type { GenerationProgress } from '../../bridge/src/generation/generation.schemas.js';
import type { FailedAuthPolicy } from '../../bridge/src/http/auth.js';
import { createHttpServer } from '../../bridge/src/http/http-server.js';
import type { Clock } from '../../bridge/src/lib/clock.js';
import type { PageAnalyzer } from '../../bridge/src/pages/page-analyzer.js';
import { openTestDatabase, sharedPostgresDatabase } from './test-database.js';

export interface TestAccount {
  accountId: string;
  key: string;
  client: InterlinkerClient;
}

export interface TestBridge {
  url: string;
  /** The SQLite connection; on PostgreSQL (INTERLINKER_TEST_DATABASE=postgres) any use throws: SQLite-only tests. */
  db: Db;
  /** The SQLite file; on PostgreSQL a name that a restart passes back as `dbFile` to open the same database. */
  dbFile: string;
  /** The database the app runs on. */
  database: DatabaseBackend;
  createAccount(name: string, options?: { tier?: Tier; rateLimit?: number }): Promise<TestAccount>;
  /** Raw HTTP with a key (or none), for status codes and headers. */
  fetch(pathname: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Polls the project's generation progress until no page waits (at most `timeoutMs`): a test's deterministic way to
 * wait for background generation. Answers the last progress read.
 */
export async function waitForGeneration(account: TestAccount, projectId: string, timeoutMs = 20_000): Promise<GenerationProgress> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const progress = await account.client.getGenerationProgress(projectId);
    if (progress.state === 'idle') return progress;
    if (Date.now() > deadline) throw new Error(`generation still running after ${timeoutMs} ms: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A movable clock for rate-limit windows and analytics dates. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-03-10T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The real app over real HTTP on an ephemeral port, with a fresh SQLite file, or with INTERLINKER_TEST_DATABASE=postgres
 * a fresh PostgreSQL database (test-database.ts).
 */
export async function startTestBridge(
  options: {
    clock?: Clock;
    failedAuthPolicy?: FailedAuthPolicy;
    bodyLimitBytes?: number;
    logger?: Logger;
    analyzer?: PageAnalyzer;
    trustProxy?: boolean | number | string;
    /** Runs background generation with this timing (off when absent, so that other tests see only what they generate). */
    generation?: Partial<BackgroundGenerationTiming>;
    /** An existing database file (a restart); a fresh one when absent. */
    dbFile?: string;
    /** A PostgreSQL database to share with other bridges (migrated here; never dropped by close). */
    databaseUrl?: string;
    /** INTERLINKER_METRICS_TOKEN: GET /metrics is served to it (not at all when absent). */
    metricsToken?: string;
  } = {},
): Promise<TestBridge> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-test-'));
  const dbFile = options.dbFile ?? path.join(dir, 'bridge.db');
  const test = options.databaseUrl ? await sharedPostgresDatabase(options.databaseUrl) : await openTestDatabase(dbFile, { fresh: options.dbFile === undefined });
  const { database } = test;
  const { app, accounts, generation, observeRefusal } = createApp({
    database,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.failedAuthPolicy ? { failedAuthPolicy: options.failedAuthPolicy } : {}),
    ...(options.bodyLimitBytes ? { bodyLimitBytes: options.bodyLimitBytes } : {}),
    ...(options.analyzer ? { analyzer: options.analyzer } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.generation ? { generation: options.generation } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
  });
  if (options.generation) generation.start();
  const server = await new Promise<Server>((resolve) => {
    const listening = createHttpServer(app, observeRefusal).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    db: test.sqlite,
    dbFile,
    database,
    async createAccount(name, accountOptions = {}) {
      const account = await accounts.createAccount({
        name,
        tier: accountOptions.tier ?? 'enterprise',
        rateLimit: accountOptions.rateLimit ?? 1_000_000,
      });
      const { key } = await accounts.createKey(account.id);
      return { accountId: account.id, key, client: new InterlinkerClient({ baseUrl: url, apiKey: key }) };
    },
    fetch(pathname, init = {}) {
      const { key, json, headers, ...rest } = init;
      const allHeaders = new Headers(headers);
      if (key) allHeaders.set('Authorization', `Bearer ${key}`);
      if (json !== undefined) allHeaders.set('Content-Type', 'application/json');
      return fetch(`${url}${pathname}`, { ...rest, headers: allHeaders, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    },
    async close() {
      await generation.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
