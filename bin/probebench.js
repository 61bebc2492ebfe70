#!/usr/bin/env node
// Entry point of `npx probebench`: runs the TypeScript CLI through tsx's loader.
import { register as registerTsx } from "tsx/esm/api";
import { fileURLToPath } from "node:url";

registerTsx();
await import(fileURLToPath(new URL("../cli/index.ts", import.meta.url)));
