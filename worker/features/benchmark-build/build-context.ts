import type { z } from "zod";
import { env } from "../../../lib/env";
import { type Prisma } from "../../../lib/generated/prisma/client";
import { USER_MESSAGE_MARKER, type JudgeMessage } from "../../../lib/llm/judge-messages";
import { createStructuredClient } from "../../../lib/llm/panel-attribution-config";
import { loadPrompt, renderPrompt } from "../../../lib/llm/prompts";
import type { PricedUsage } from "../../../lib/llm/model-prices";
import type { AssistantTurn, StructuredClient } from "../../../lib/llm/structured-client";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { replyJsonSchema } from "../../../lib/benchmark-build/replies";
import {
  addBuildSpend,
  listBuildRepositories,
  readBuildSpend,
  updateClaimedStage,
  type StageClaim,
} from "../../../lib/server/benchmark-builds/build-stage-store";
import { assertClaimHeld } from "../../jobs/fenced-row";

// What every stage of a build gets: its claimed row, the build, the repositories, and the one way it asks the model
// (a versioned prompt, the inputs as delimited JSON blocks, the reply validated with zod, the spend recorded on the
// stage row and the build call by call).

export type { StageClaim };

export type BuildRepo = Awaited<ReturnType<typeof loadRepositories>>[number];

export function loadRepositories(buildId: string) {
  return listBuildRepositories(buildId);
}

/** The spend cap was reached mid-stage: the build waits for an admin's approval, keeping what was decided. */
export class BudgetReached extends Error {}

export class StageContext {
  private client: StructuredClient | null = null;
  readonly model = env.BUILD_MODEL ?? env.JUDGE_MODEL;

  constructor(
    readonly claim: StageClaim,
    readonly build: { id: string; budgetUsd: number; windowEnd: Date; snapshotRef: string },
  ) {}

  /** A fenced update of the stage row (worker/jobs/fenced-row.ts). */
  async updateStage(data: Prisma.BenchmarkBuildStageUpdateManyMutationInput): Promise<void> {
    assertClaimHeld(await updateClaimedStage(this.claim, data), `build stage ${this.claim.stageId}`);
  }

  /** The prompt's name@version, stored with what it decided. */
  promptVersion(name: string): string {
    const p = loadPrompt(name);
    return `${p.name}@${p.version}`;
  }

  /** The stage's client, once the build's budget allows another call (BudgetReached otherwise). */
  private async clientWithinBudget(): Promise<StructuredClient> {
    const build = await readBuildSpend(this.build.id);
    if (build.spentUsd >= build.budgetUsd) throw new BudgetReached();
    if (!this.client) {
      // One listener for the stage's client: its calls run BUILD_CONCURRENCY at once, and a listener per call would
      // count every call in flight once for each of them.
      this.client = createStructuredClient("judge");
      this.client.addUsageListener((usage) => this.recordUsage(usage));
    }
    return this.client;
  }

  /**
   * Prompt `name` as messages: its user part names each input as `{{key.json}}`; `vars` fill the system part's
   * `{{group.field}}`. Inputs are third-party text: JSON with `<` and `>` escaped, so none can close its block.
   */
  messagesFor(
    name: string,
    inputs: Record<string, unknown>,
    vars: Record<string, Record<string, string>> = {},
  ): JudgeMessage[] {
    const template = loadPrompt(name);
    const [system, user] = template.body.split(USER_MESSAGE_MARKER);
    if (system === undefined || user === undefined)
      throw new Error(`prompts/${name}.md needs exactly one "${USER_MESSAGE_MARKER}" line`);
    const values = Object.fromEntries(
      Object.entries(inputs).map(([k, v]) => [
        k,
        { json: JSON.stringify(v, null, 2).replace(/</g, "\\u003c").replace(/>/g, "\\u003e") },
      ]),
    );
    return [
      { role: "system", content: renderPrompt(system.trim(), vars) },
      { role: "user", content: renderPrompt(user.trim(), values) },
    ];
  }

  /** Asks the stage's model with prompt `name` (messagesFor), the reply validated with zod. */
  async ask<T>(name: string, inputs: Record<string, unknown>, schemaName: string, reply: z.ZodType<T>): Promise<T> {
    const client = await this.clientWithinBudget();
    const messages = this.messagesFor(name, inputs);
    const answer = await client.ask(this.model, messages, schemaName, replyJsonSchema(reply), reply);
    return answer.value;
  }

  /** One turn of an agent session of this stage, with `tools`; spend recorded like any call. */
  async completeWithTools(messages: ChatCompletionMessageParam[], tools: readonly object[]): Promise<AssistantTurn> {
    const client = await this.clientWithinBudget();
    return client.completeWithTools(this.model, messages, tools);
  }

  /** One reply's tokens and dollars, as the structured client priced them (lib/llm/model-prices.ts, pricedUsage). */
  private async recordUsage(usage: PricedUsage): Promise<void> {
    await this.updateStage({
      modelCalls: { increment: 1 },
      inputTokens: { increment: usage.inputTokens },
      cachedInputTokens: { increment: usage.cachedInputTokens },
      outputTokens: { increment: usage.outputTokens },
      costUsd: { increment: usage.costUsd },
    });
    await addBuildSpend(this.build.id, usage.costUsd);
  }
}

/** Merges one stage's rationale into a candidate's trail. */
export function withRationale(current: Prisma.JsonValue, stage: string, text: string): Prisma.InputJsonValue {
  const base = current && typeof current === "object" && !Array.isArray(current) ? current : {};
  return { ...(base as Record<string, Prisma.InputJsonValue>), [stage]: text };
}
