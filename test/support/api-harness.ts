import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino, { type Logger } from 'pino';
import { createApp } from '../../bridge/src/app.js';
import type { Tier } from '../../bridge/src/accounts/accounts.repository.js';
import { InterlinkerClient } from '../../bridge/src/client/index.js';
import { openDatabase, type Db } from '../../bridge/src/db/connection.js';
import { migrate } from '../../bridge/src/db/migrate.js';
import type { FailedAuthPolicy } from '../../bridge/src/http/auth.js';
import { answerProtocolErrors } from '../../bridge/src/http/protocol-errors.js';
import type { Clock } from '../../bridge/src/lib/clock.js';
import type { PageAnalyzer } from '../../bridge/src/pages/page-analyzer.js';

export interface TestAccount {
  accountId: string;
  key: string;
  client: InterlinkerClient;
}

export interface TestBridge {
  url: string;
  db: Db;
  dbFile: string;
  createAccount(name: string, options?: { tier?: Tier; rateLimit?: number }): TestAccount;
  /** Raw HTTP with a key (or none), for status codes and headers. */
  fetch(pathname: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
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

/** The real app over real HTTP on an ephemeral port, with a fresh SQLite file. */
export async function startTestBridge(
  options: {
    clock?: Clock;
    failedAuthPolicy?: FailedAuthPolicy;
    bodyLimitBytes?: number;
    logger?: Logger;
    analyzer?: PageAnalyzer;
    trustProxy?: boolean | number | string;
  } = {},
): Promise<TestBridge> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interlinker-test-'));
  const dbFile = path.join(dir, 'bridge.db');
  const db = openDatabase(dbFile);
  migrate(db);
  const { app, accounts } = createApp({
    db,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.failedAuthPolicy ? { failedAuthPolicy: options.failedAuthPolicy } : {}),
    ...(options.bodyLimitBytes ? { bodyLimitBytes: options.bodyLimitBytes } : {}),
    ...(options.analyzer ? { analyzer: options.analyzer } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    answerProtocolErrors(listening);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    db,
    dbFile,
    createAccount(name, accountOptions = {}) {
      const account = accounts.createAccount({
        name,
        tier: accountOptions.tier ?? 'enterprise',
        rateLimit: accountOptions.rateLimit ?? 1_000_000,
      });
      const { key } = accounts.createKey(account.id);
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
