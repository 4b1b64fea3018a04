#!/usr/bin/env node
// The `dambord` command: loads the TypeScript command line (main.ts) through tsx and runs it.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
await main();
