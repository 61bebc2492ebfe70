#!/usr/bin/env node
// Entry point of `npx probebench`: runs the TypeScript CLI through tsx's loader. The operator commands (import, users,
// tokens) load modules marked `import "server-only"`, which resolve to an empty module only under the react-server
// condition (README, "Server-only modules"). A shebang cannot pass `--conditions` portably, so a resolve hook adds
// the condition to every import, as the flag would; it is registered after tsx so that it runs first.
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";
import { fileURLToPath } from "node:url";

registerTsx();
register(new URL("./react-server-condition.js", import.meta.url));
await import(fileURLToPath(new URL("../cli/index.ts", import.meta.url)));
