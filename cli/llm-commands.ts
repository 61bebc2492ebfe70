import { type Command } from "commander";
import { z } from "zod";
import { parseFlags } from "./api-session";
import { loadServerSettings } from "./operator-settings";

// `probebench llm check`: probes each model role's endpoint and models with the server's settings (the environment,
// else its .env files), prints what each takes and the limits its replies name; the exit code says what failed.

const modelListSchema = z.array(z.string().trim().min(1, "must name a model").max(200)).max(20, "at most 20 models");

export function addLlmCommands(program: Command): void {
  program
    .command("llm")
    .description("the model endpoints the judge, panel, attribution, audit agents and embeddings call")
    .command("check")
    .description(
      "probe each role's endpoint and models once: does the model exist, does it take temperature, does it need max_completion_tokens, does it support json_schema, and the limits its replies name",
    )
    .option("--json", "print the report as JSON")
    .option(
      "--agent-model <model>",
      "a model the audit agents use (chosen per run), to probe too; repeatable",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (opts: { json?: boolean; agentModel?: string[] }) => {
      const flags = parseFlags(z.object({ "--agent-model": modelListSchema }), {
        "--agent-model": opts.agentModel ?? [],
      });
      const files = loadServerSettings(process.cwd(), process.env);
      if (!opts.json && files.length > 0) console.error(`Settings from the environment and ${files.join(", ")}`);
      // Imported after the settings are loaded: lib/env reads the environment once.
      const { env } = await import("../lib/env");
      const { checkModelEndpoints } = await import("../lib/llm/endpoint-check");
      const { formatLlmCheck, llmCheckExitCode } = await import("./format-llm-check");
      const report = await checkModelEndpoints(env, { agentModels: flags["--agent-model"] });
      console.log(opts.json ? JSON.stringify(report, null, 2) : formatLlmCheck(report));
      process.exitCode = llmCheckExitCode(report);
    });
}
