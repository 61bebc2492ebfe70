import { sandboxFailures, sandboxStarts } from "../lib/observability/metrics";
import type { SandboxProvider } from "../lib/sandbox/sandbox";

/** The provider, counting sandboxes started and those that could not be (probebench_sandbox_*_total). */
export function withSandboxMetrics(provider: SandboxProvider): SandboxProvider {
  const create: SandboxProvider["create"] = async (spec) => {
    try {
      const sandbox = await provider.create(spec);
      sandboxStarts.inc({ kind: provider.kind });
      return sandbox;
    } catch (error) {
      sandboxFailures.inc({ kind: provider.kind });
      throw error;
    }
  };
  // Everything else (kind, isolation, orphan removal) is the provider's own, through the prototype.
  return Object.assign(Object.create(provider) as SandboxProvider, { create });
}
