#!/usr/bin/env node
// The `interlinker-bridge` command. Build first (`npm ci` does, through the root `prepare` script).
import { runCli } from '../dist/cli.js';

await runCli(process.argv);
