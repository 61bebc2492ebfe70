#!/usr/bin/env node
// Entry point of `npx probebench`: runs the TypeScript CLI through tsx's loader.
import { register } from "tsx/esm/api";
import { fileURLToPath } from "node:url";

register();
await import(fileURLToPath(new URL("../cli/index.ts", import.meta.url)));
